import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { round, sleep, type Figure } from './figures.js';
import { cpuSeconds, memoryOf, processTree, treeCpuWithReapedSeconds } from './proc.js';
import { stop } from './processes.js';
import { launchDashboard, launchProgram, programNode, programPath, startService, type RunningDashboard } from './program.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { missingBusTools, startPrivateBus } from '../helpers/session-bus.js';
import { startInTmux, type TmuxSession } from '../helpers/tmux.js';

/**
 * Issue 30, "at no cost": a status bar showing playdeck for 60 s at one update a second, the old way (a
 * `playdeck status` process each second) against `status --follow`, and in tmux three ways (a `#()` re-run each
 * second, a `#()` that follows, a `--follow` writing a file that `#(tail)` reads each second); the requests
 * each made (a dashboard runs: there should be none); then the dashboard's idle CPU with MPRIS on a session bus
 * against the same with none.
 */

const WINDOW_MS = 60_000;
const PLAYING = /▶ Playing {2}\S/;
/** The command line's token is not the dashboard's: a request a status bar made would show under it. */
const BAR_TOKEN = 'the-status-bars-token';

const percentOfCore = (cpu: number, ms: number): number | null => round((cpu / (ms / 1000)) * 100, 3);

/** The children's CPU a `times` of sh printed last (`0m0.120000s 0m0.010000s`), in seconds. */
function childrenCpu(output: string): number {
  const match = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(output.trim());
  if (!match) return Number.NaN;
  const [, userMinutes, userSeconds, systemMinutes, systemSeconds] = match;
  return Number(userMinutes) * 60 + Number(userSeconds) + Number(systemMinutes) * 60 + Number(systemSeconds);
}

/** One `status` a second for the window, as a bar with `interval = 1` runs it (through sh): CPU of each. */
async function oldWay(args: string[], env: NodeJS.ProcessEnv): Promise<{ cpu: number; calls: number }> {
  let cpu = 0;
  let calls = 0;
  const end = performance.now() + WINDOW_MS;
  while (performance.now() < end) {
    const next = performance.now() + 1_000;
    const output = await new Promise<string>((done) => {
      const child = spawn('sh', ['-c', '"$@" > /dev/null; times', 'sh', programNode(), programPath(), ...args], { env, stdio: ['ignore', 'pipe', 'ignore'] });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      child.on('close', () => done(text));
    });
    cpu += childrenCpu(output);
    calls++;
    await sleep(Math.max(0, next - performance.now()));
  }
  return { cpu, calls };
}

interface TmuxBar {
  server: () => number;
  outer: TmuxSession;
  kill(): void;
}

/** A tmux server of its own with `status-right` set so, drawn for a client attached from a pane of ours. */
function tmuxBar(name: string, statusRight: string, interval: number, env: NodeJS.ProcessEnv): TmuxBar {
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', name, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });
  tmux('new-session', '-d', '-s', 'bar', '-x', '120', '-y', '10', 'sleep 3600');
  tmux('set', '-g', 'status-interval', String(interval));
  tmux('set', '-g', 'status-right-length', '100');
  tmux('set', '-g', 'status-right', statusRight);
  const outer = startInTmux(['tmux', '-L', name, 'attach', '-t', 'bar'], { columns: 120, rows: 12, env: { TMUX: undefined } });
  const pid = Number(tmux('display', '-p', '#{pid}').trim());
  return {
    server: () => pid,
    outer,
    kill: () => {
      outer.kill();
      try {
        tmux('kill-server');
      } catch {
        // Gone with its last client.
      }
    },
  };
}

const quoted = (words: string[]): string => words.map((word) => `'${word}'`).join(' ');

async function statusBars(dir: string): Promise<Figure[]> {
  const runtime = join(dir, 'runtime');
  mkdirSync(runtime, { mode: 0o700 });
  const { child: service, values } = await startService(['--db', join(dir, 'bars.db')]);
  const proxy = await startFaultProxy(values.base_url!);
  const env = { ...process.env, XDG_RUNTIME_DIR: runtime, CI: undefined, NO_COLOR: undefined };
  const dashboard = launchProgram(['--base-url', proxy.baseUrl, '--token', values.access_token!], { env: { XDG_RUNTIME_DIR: runtime } });
  const barArgs = ['--base-url', proxy.baseUrl, '--token', BAR_TOKEN];
  const program = [programNode(), resolve(programPath())];
  const followers: ChildProcess[] = [];
  const bars: TmuxBar[] = [];
  try {
    await dashboard.session.waitFor(PLAYING, 20_000);
    while (!readdirSync(join(runtime, 'playdeck')).some((name) => name.endsWith('.sock'))) await sleep(50);
    const follower = spawn(programNode(), [programPath(), 'status', '--follow', ...barArgs], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    followers.push(follower);
    let lines = 0;
    follower.stdout.setEncoding('utf8').on('data', (chunk: string) => (lines += chunk.split('\n').length - 1));
    const file = join(dir, 'status-line');
    const writer = spawn('sh', ['-c', `exec ${quoted([...program, 'status', '--follow', '--tmux', ...barArgs])} > '${file}'`], { env, stdio: 'ignore' });
    followers.push(writer);
    bars.push(tmuxBar(`pdbench-old-${process.pid}`, `#(${quoted([...program, 'status', '--tmux', ...barArgs])})`, 1, env));
    bars.push(tmuxBar(`pdbench-follow-${process.pid}`, `#(${quoted([...program, 'status', '--follow', '--tmux', ...barArgs])})`, 15, env));
    bars.push(tmuxBar(`pdbench-file-${process.pid}`, `#(tail -n 1 '${file}')`, 1, env));
    // Started, and past their start: the window measures the bars as they stay.
    await sleep(3_000);
    const linesBefore = lines;
    const followCpu = () => cpuSeconds([follower.pid!]);
    const writerCpu = () => cpuSeconds(processTree(writer.pid!));
    const tmuxCpu = () => bars.map((bar) => treeCpuWithReapedSeconds(bar.server()));
    const before = { follow: followCpu(), writer: writerCpu(), tmux: tmuxCpu(), requests: proxy.requests.length, at: performance.now() };
    const old = await oldWay(['status', ...barArgs], env);
    const after = { follow: followCpu(), writer: writerCpu(), tmux: tmuxCpu(), at: performance.now() };
    const ms = after.at - before.at;
    const barRequests = proxy.requests.slice(before.requests).filter((request) => request.headers.authorization === `Bearer ${BAR_TOKEN}`).length;
    const followPercent = percentOfCore(after.follow - before.follow, ms);
    const [tmuxOld, tmuxFollow, tmuxFile] = after.tmux.map((cpu, index) => cpu - before.tmux[index]!) as [number, number, number];
    const where = `${Math.round(ms / 1000)} s while a track plays; the dashboard (--base-url) on playdeck serve through the fault proxy; every bar with --base-url and a token of its own`;
    return [
      { section: 'desktop', name: 'status bar, old way: a status process a second', value: percentOfCore(old.cpu, ms), unit: '%', method: `${old.calls} runs of sh -c 'node dist/cli.js status …; times', one a second: the children's CPU as times says, ${where}; % of one core` },
      { section: 'desktop', name: 'status bar, status --follow', value: followPercent, unit: '%', budget: { max: 0.2 }, method: `utime+stime of one status --follow from 3 s after its start, ${where}; % of one core`, note: `${lines - linesBefore} lines in the window` },
      { section: 'desktop', name: 'status --follow: lines a second', value: round((lines - linesBefore) / (ms / 1000), 2), unit: '/s', method: 'lines it printed over the same window (the default line: the position changes each second)' },
      { section: 'desktop', name: 'status --follow: CPU in 30 s', value: round(((after.follow - before.follow) * 30_000) / ms * 1000, 1), unit: 'ms', budget: { max: 150 }, method: 'the same CPU scaled to 30 s' },
      { section: 'desktop', name: 'old way ÷ --follow', value: followPercent ? round((percentOfCore(old.cpu, ms) ?? 0) / followPercent, 0) : null, unit: 'ratio', method: 'the two figures above' },
      { section: 'desktop', name: 'requests of the status bars to the service', value: barRequests, unit: 'count', budget: { max: 0 }, method: `requests through the proxy with the bars' token over the window, all five bars together (${where})` },
      { section: 'desktop', name: 'tmux: #(status --tmux), status-interval 1', value: percentOfCore(tmuxOld, ms), unit: '%', method: `a tmux server of its own drawing status-right for a client attached from another pane: utime+stime of the server, its children live and reaped (cutime+cstime), ${where}` },
      { section: 'desktop', name: 'tmux: #(status --follow --tmux)', value: percentOfCore(tmuxFollow, ms), unit: '%', budget: { max: 0.2 }, method: 'the same with a #() that never exits: tmux redraws on each line (at most once a second) and starts it once; the follower included' },
      { section: 'desktop', name: 'tmux: --follow > FILE, #(tail -n 1 FILE) each second', value: percentOfCore(tmuxFile + after.writer - before.writer, ms), unit: '%', method: 'the same with status-interval 1 and a #(tail) re-run each second, plus the --follow writing the file' },
    ];
  } finally {
    for (const bar of bars) bar.kill();
    for (const child of followers) child.kill('SIGTERM');
    dashboard.stop();
    await proxy.close();
    await stop(service);
  }
}

async function idleWithMpris(dir: string): Promise<Figure[]> {
  const missing = missingBusTools();
  const none = (name: string, note: string): Figure => ({ section: 'desktop', name, value: null, unit: '%', method: 'not run', note });
  if (missing !== null) return [none('idle CPU, MPRIS on − off', missing)];
  const bus = await startPrivateBus();
  const on = await launchDashboard(join(dir, 'on.db'), { env: { DBUS_SESSION_BUS_ADDRESS: bus.address } });
  const off = await launchDashboard(join(dir, 'off.db'), { env: { DBUS_SESSION_BUS_ADDRESS: '' } });
  // As on a desktop: a client that listens to the player's signals all along (a players widget).
  const listener = spawn('playerctl', ['--follow', 'metadata', 'title'], { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: bus.address }, stdio: 'ignore' });
  const dashboards: RunningDashboard[] = [on, off];
  try {
    await Promise.all(dashboards.map((dashboard) => dashboard.session.waitFor(PLAYING, 20_000)));
    const owned = execFileSync('playerctl', ['-l'], { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: bus.address }, encoding: 'utf8' }).includes('playdeck');
    await sleep(35_000); // past the start's tail, as the idle section waits
    const cpu = () => dashboards.map((dashboard) => cpuSeconds(processTree(dashboard.pid())));
    const before = { cpu: cpu(), at: performance.now() };
    await sleep(30_000);
    const after = { cpu: cpu(), at: performance.now() };
    const ms = after.at - before.at;
    const [onPercent, offPercent] = after.cpu.map((value, index) => percentOfCore(value - before.cpu[index]!, ms)) as [number, number];
    const [onRss, offRss] = dashboards.map((dashboard) => memoryOf(dashboard.pid()).rssMb);
    const both = `two dashboards side by side at 120×40 on databases of their own, a track playing, 35 s after now playing showed, ${Math.round(ms / 1000)} s`;
    const note = owned ? {} : { note: 'the MPRIS dashboard was not on the bus' };
    return [
      { section: 'desktop', name: 'idle CPU, MPRIS on (a listener on the bus)', value: onPercent, unit: '%', method: `utime+stime of the dashboard's tree; ${both}; the session bus private, playerctl --follow listening`, ...note },
      { section: 'desktop', name: 'idle CPU, MPRIS off (no session bus)', value: offPercent, unit: '%', method: `the same dashboard beside it with no session bus; ${both}` },
      { section: 'desktop', name: 'idle CPU, MPRIS on − off', value: round(onPercent - offPercent, 3), unit: '%', budget: { max: 0.1 }, method: 'the two above; within noise: three clock ticks (10 ms) of CPU in 30 s is 0.1 %', ...note },
      { section: 'desktop', name: 'RSS, MPRIS on − off', value: round((onRss ?? 0) - (offRss ?? 0), 1), unit: 'MB', method: `VmRSS of each after the window (on ${round(onRss ?? 0, 1)} MB, off ${round(offRss ?? 0, 1)} MB): the D-Bus library loaded once the dashboard shows what plays` },
    ];
  } finally {
    listener.kill('SIGTERM');
    for (const dashboard of dashboards) dashboard.stop();
    bus.stop();
  }
}

export async function benchDesktop(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-desktop-'));
  try {
    const bars = await statusBars(dir);
    return [...bars, ...(await idleWithMpris(dir))];
  } finally {
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}
