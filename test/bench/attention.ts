import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round, sleep, type Figure } from './figures.js';
import { stop } from './processes.js';
import { launchProgram, pollUntil, programNode, programPath, startService } from './program.js';
import { startFaultProxy, type ProxiedRequest } from '../helpers/fault-proxy.js';
import { missingBusTools, startPrivateBus, type PrivateBus } from '../helpers/session-bus.js';

/**
 * Requests follow attention (issue 21): the dashboard alone (`--base-url`) on `playdeck serve` behind the
 * fault proxy, which counts what it asks while a track plays, 30 s at a time: before the terminal reported any
 * focus, focused, then not focused; then how soon the screen is current once the focus comes back. tmux passes
 * the terminal's focus reports on only from an attached client, so the bench types them into the pane itself
 * (`send-keys -H`), the very bytes a terminal sends with `CSI ? 1004 h` on. As people run it: Liked songs (a
 * section of this round) shown, MPRIS on a private session bus with a listener, and `status --follow` streaming
 * from the dashboard's socket (its token is not the dashboard's: a request of its own would show).
 */

const WINDOW_MS = 30_000;
const FOCUS_IN = ['1b', '5b', '49'];
const FOCUS_OUT = ['1b', '5b', '4f'];
const PLAYING = /▶ Playing {2}\S/;
const PAUSED = /❚❚ Paused {2}\S/;
const FOLLOWER_TOKEN = 'the-status-streams-token';
/** The goal: 5 s after each answer; the answer's way back, its parsing and the timer's lateness take a few ms (1 %). */
const LONGEST_WAIT_MS = 5_050;

const isPlayerPoll = (request: ProxiedRequest): boolean => request.method === 'GET' && /\/me\/player(\?|$)/.test(request.url);

/** The longest wait between a player poll's answer and the next poll: how stale the screen can get. */
function longestWait(requests: ProxiedRequest[]): number | null {
  const polls = requests.filter(isPlayerPoll);
  let longest: number | null = null;
  for (let index = 1; index < polls.length; index++) {
    const answeredAt = polls[index - 1]!.answeredAt;
    if (answeredAt !== undefined) longest = Math.max(longest ?? 0, polls[index]!.at - answeredAt);
  }
  return longest;
}

export async function benchAttention(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-attention-'));
  const { child: service, values } = await startService(['--db', join(dir, 'attention.db')]);
  const baseUrl = values.base_url!;
  const token = values.access_token!;
  const proxy = await startFaultProxy(baseUrl);
  const runtime = join(dir, 'runtime');
  mkdirSync(runtime, { mode: 0o700 });
  const missing = missingBusTools();
  const bus: PrivateBus | null = missing === null ? await startPrivateBus() : null;
  const env = { XDG_RUNTIME_DIR: runtime, DBUS_SESSION_BUS_ADDRESS: bus?.address ?? '' };
  const dashboard = launchProgram(['--base-url', proxy.baseUrl, '--token', token], { env });
  const helpers: ChildProcess[] = [];
  const { session } = dashboard;
  const tell = (bytes: string[]) => execFileSync('tmux', ['send-keys', '-t', session.name, '-H', ...bytes]);
  /** Straight to the service, not through the proxy: a change made elsewhere, as another device would. */
  const player = async (method: string, path: string) => {
    const answer = await fetch(`${baseUrl}/me/player${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    if (!answer.ok && answer.status !== 204) throw new Error(`${method} ${path}: ${answer.status}`);
  };
  /** Requests in the next 30 s, from the start of the track (no item ends within the window). */
  const window = async () => {
    await player('PUT', '/seek?position_ms=0');
    const from = proxy.requests.length;
    await sleep(WINDOW_MS);
    const requests = proxy.requests.slice(from);
    const others = requests.filter((request) => !isPlayerPoll(request)).map((request) => `${request.method} ${request.url.replace(/\?.*$/, '')}`);
    return { all: requests.length, polls: requests.length - others.length, others, longestWait: longestWait(requests), still: PLAYING.test(session.capture()) };
  };
  try {
    await session.waitFor(PLAYING, 20_000);
    session.sendKeys('6');
    await session.waitFor(/Liked songs · [\d,]+/, 20_000);
    while (!readdirSync(join(runtime, 'playdeck')).some((name) => name.endsWith('.sock'))) await sleep(50);
    const childEnv = { ...process.env, ...env, CI: undefined };
    helpers.push(spawn(programNode(), [programPath(), 'status', '--follow', '--base-url', proxy.baseUrl, '--token', FOLLOWER_TOKEN], { env: childEnv, stdio: 'ignore' }));
    if (bus !== null) helpers.push(spawn('playerctl', ['--follow', 'metadata', 'title'], { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: bus.address }, stdio: 'ignore' }));
    await sleep(3_000);
    const unreported = await window();
    tell(FOCUS_IN);
    const focused = await window();
    tell(FOCUS_OUT);
    const unfocused = await window();
    // Paused elsewhere while nobody looked; the focus comes back: how long until the screen says so.
    await player('PUT', '/pause');
    const before = proxy.requests.length;
    const focusedAt = performance.now();
    const focusedAtEpoch = Date.now();
    tell(FOCUS_IN);
    const shownAt = await pollUntil(session, (screen) => PAUSED.test(screen), 10_000);
    const firstPoll = proxy.requests.slice(before).find(isPlayerPoll);
    const extras = `Liked songs shown, status --follow streaming, ${bus === null ? `no MPRIS (${missing})` : 'MPRIS on a private session bus, playerctl --follow listening'}`;
    const where = `${WINDOW_MS / 1000} s while a track plays (sought to its start first), dashboard --base-url on playdeck serve through the fault proxy, tmux 120×40; ${extras}`;
    const notPlaying = (run: { still: boolean }) => (run.still ? {} : { note: 'the track was no longer playing at the end of the window' });
    const count = (name: string, run: typeof focused, max: number | null, how: string): Figure => ({
      section: 'attention',
      name,
      value: run.all,
      unit: 'count',
      ...(max === null ? {} : { budget: { max } }),
      method: `requests through the proxy over ${where}; ${how}`,
      ...(run.others.length === 0 ? notPlaying(run) : { note: `${run.polls} player polls and ${run.others.join(', ')}${run.still ? '' : '; the track was no longer playing at the end of the window'}` }),
    });
    return [
      count('requests in 30 s, focus never reported', unreported, 6, 'the terminal has not reported a focus yet: the pace before focus counted'),
      count('requests in 30 s, focused', focused, 6, 'after ESC [ I (focus in) typed into the pane'),
      count('requests in 30 s, not focused', unfocused, 2, 'after ESC [ O (focus out) typed into the pane'),
      {
        section: 'attention',
        name: 'longest wait between player polls, focused',
        value: round(focused.longestWait, 0),
        unit: 'ms',
        budget: { max: LONGEST_WAIT_MS },
        method:
          'over the focused window: the time from the proxy sending a player answer to the next player poll arriving; the dashboard waits 5 s after each answer ' +
          "(not 5 s after each request: 6 in 30 s stays 6 whatever the service's time to answer), and the answer's way back, its parsing and the timer's lateness add a few ms",
      },
      {
        section: 'attention',
        name: 'focus back to a current screen',
        value: shownAt === null ? null : round(shownAt - focusedAt, 0),
        unit: 'ms',
        budget: { max: 1_000 },
        method: 'paused on the service directly while not focused, then ESC [ I: until capture-pane shows ❚❚ Paused (polled as fast as tmux answers)',
        note: firstPoll === undefined ? 'no player poll after the focus came back' : `the first player poll arrived ${firstPoll.at - focusedAtEpoch} ms after the focus came back`,
      },
    ];
  } finally {
    for (const helper of helpers) helper.kill('SIGTERM');
    dashboard.stop();
    bus?.stop();
    await proxy.close();
    await stop(service);
    rmSync(dir, { recursive: true, force: true });
  }
}
