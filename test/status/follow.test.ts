/**
 * `status --follow` against a dashboard's socket (a bridge fed as the dashboard feeds it) and without one:
 * a line at each change and each second while playing, no second line for nothing new, and a dashboard that
 * starts later followed at once.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackState } from '../../src/api/types.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { createDashboardBridge, type DashboardBridge } from '../../src/status/player-bridge.js';
import type { PlayerSnapshot } from '../../src/status/cache.js';
import { ALONE_INTERVAL_MS, runFollow } from '../../src/status/follow.js';
import { statusLine } from '../../src/status/format.js';
import { runStatusCommand } from '../../src/status/command.js';
import { startStatusServer, type StatusServer } from '../../src/status/socket-server.js';
import { statusPaths, type ServiceTarget } from '../../src/status/target.js';
import { playback, EPISODE, TRACK } from './playback-fixture.js';
import { createStatusHome, recordingIo, type RecordingIo, type StatusHome } from './status-io.js';

const NOWHERE: ServiceTarget = { kind: 'remote', baseUrl: 'http://127.0.0.1:9/v1', token: 'unused' };
const NOWHERE_ARGS = ['--base-url', 'http://127.0.0.1:9/v1', '--token', 'unused'];
const START = Date.UTC(2025, 0, 1, 12);

let home: StatusHome;
let server: StatusServer | null = null;
let stopping: AbortController;

beforeEach(() => {
  home = createStatusHome();
  stopping = new AbortController();
});

afterEach(async () => {
  stopping.abort();
  await server?.close();
  server = null;
  vi.useRealTimers();
  home.remove();
});

/** A dashboard's bridge showing `state`, as its tree would feed it. */
function dashboardShowing(state: PlaybackState | null, receivedAt: number): DashboardBridge {
  const bridge = createDashboardBridge(createFakeApi());
  bridge.update({ playback: state, receivedAt, run: () => undefined });
  return bridge;
}

function lines(io: RecordingIo): string[] {
  return io.out().split('\n').filter(Boolean);
}

/** Real turns of the event loop until `test` holds (sockets and file events are real; timers may be fake). */
async function until(test: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (!test() && performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  if (!test()) throw new Error(`never: ${what}`);
}

function follow(io: RecordingIo, readAlone = vi.fn(async (): Promise<PlayerSnapshot> => ({ playback: null, receivedAt: Date.now() }))) {
  const done = runFollow({ paths: statusPaths(NOWHERE, home.env), io, render: (now) => statusLine(now), readAlone, signal: stopping.signal });
  return { done, readAlone };
}

describe('status --follow with a dashboard running', () => {
  it('prints the line at once, once a second while playing, and at once on a change', async () => {
    useFakeClock();
    vi.setSystemTime(START);
    const bridge = dashboardShowing(playback(), START);
    server = await startStatusServer(statusPaths(NOWHERE, home.env).socket, bridge);
    const io = recordingIo(home.env);
    const { readAlone } = follow(io);
    await until(() => lines(io).length === 1, 'the first line');
    expect(lines(io)).toEqual(['▶ Feather of Quillhaven · Echo Engines, Sallow 1:23/3:45']);
    for (const second of ['1:24', '1:25', '1:26']) {
      await vi.advanceTimersByTimeAsync(1_000);
      expect(lines(io).at(-1)).toContain(` ${second}/3:45`);
    }
    expect(lines(io)).toHaveLength(4);
    // A change the dashboard heard of: the new line without waiting for the second.
    bridge.update({ playback: playback({ item: EPISODE, progress_ms: 0 }), receivedAt: Date.now(), run: () => undefined });
    await until(() => lines(io).length === 5, 'the line of the change');
    expect(lines(io)[4]).toBe('▶ The Long Quiet · Orbit Radio 0:00/1:00:00');
    // Paused: one line, then nothing while nothing changes.
    bridge.update({ playback: playback({ item: EPISODE, progress_ms: 0, is_playing: false }), receivedAt: Date.now(), run: () => undefined });
    await until(() => lines(io).length === 6, 'the pause');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines(io)).toHaveLength(6);
    expect(lines(io)[5]).toBe('❚❚ The Long Quiet · Orbit Radio 0:00/1:00:00');
    expect(readAlone).not.toHaveBeenCalled();
  });

  it('reads the player alone when the dashboard quits, then follows the next one as soon as it starts', async () => {
    const first = await startStatusServer(statusPaths(NOWHERE, home.env).socket, dashboardShowing(playback({ is_playing: false }), Date.now()));
    const io = recordingIo(home.env);
    const { readAlone } = follow(io);
    await until(() => lines(io).length === 1, 'the first line');
    await first?.close();
    await until(() => readAlone.mock.calls.length === 1 && lines(io).length === 2, 'the read without a dashboard');
    expect(lines(io)[1]).toBe('nothing playing');
    // Long before the next read (5 s), the new dashboard's socket is noticed.
    server = await startStatusServer(statusPaths(NOWHERE, home.env).socket, dashboardShowing(playback({ item: EPISODE, is_playing: false }), Date.now()));
    await until(() => lines(io).length === 3, 'the new dashboard');
    expect(lines(io)[2]).toMatch(/^❚❚ The Long Quiet/);
    expect(readAlone).toHaveBeenCalledTimes(1);
  });
});

describe('status --follow with no dashboard', () => {
  it('reads the player every 5 s, and prints only what changed', async () => {
    useFakeClock();
    vi.setSystemTime(START);
    const io = recordingIo(home.env);
    let state: PlaybackState | null = null;
    const { readAlone } = follow(io, vi.fn(async (): Promise<PlayerSnapshot> => ({ playback: state, receivedAt: Date.now() })));
    await until(() => lines(io).length === 1, 'the first line');
    expect(lines(io)).toEqual(['nothing playing']);
    await vi.advanceTimersByTimeAsync(ALONE_INTERVAL_MS);
    await until(() => readAlone.mock.calls.length === 2, 'the second read');
    expect(lines(io)).toHaveLength(1);
    state = playback({ is_playing: false });
    await vi.advanceTimersByTimeAsync(ALONE_INTERVAL_MS);
    await until(() => lines(io).length === 2, 'the change');
    expect(readAlone.mock.calls.length).toBe(3);
  });

  it('escapes every line for the bar it feeds: --tmux and --polybar print no markup from a name', async () => {
    const hostile = playback({ item: { ...TRACK, name: '#[fg=red]#(touch x)%{A1:touch y:}' } });
    server = await startStatusServer(statusPaths(NOWHERE, home.env).socket, dashboardShowing(hostile, Date.now()));
    for (const [bar, inert] of [
      ['--tmux', '##[fg=red]##(touch x)%{A1:touch y:}'],
      ['--polybar', '#[fg=red]#(touch x)%%{O0}{A1:touch y:}'],
    ] as const) {
      const io = recordingIo(home.env);
      const code = runStatusCommand(['status', '--follow', bar, ...NOWHERE_ARGS], io);
      await until(() => lines(io).length > 0, `the first ${bar} line`);
      io.stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      expect(await code).toBe(0);
      expect(lines(io)[0]).toContain(inert);
    }
  });

  it("prints the service's refusal as the panes print its text: no escape sequence reaches stderr", async () => {
    // A service whose 401 carries a clipboard write (OSC 52), a clear screen and a window title.
    const hostile = 'token refused\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\u001b]0;owned\u0007\u009b31m';
    const service = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { status: 401, message: hostile } }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const io = recordingIo(home.env);
      const baseUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/v1`;
      const code = runStatusCommand(['status', '--follow', '--base-url', baseUrl, '--token', 'unused'], io);
      await until(() => io.err().length > 0, 'the refusal on stderr');
      io.stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      expect(await code).toBe(0);
      expect(io.err()).toContain('token refused');
      expect(io.err()).not.toMatch(/[\u001b\u0007\u0080-\u009f]/);
      expect(io.err()).toContain('\u241b');
      expect(io.err()).toMatch(/^playdeck status: [^\n]+\n$/);
    } finally {
      service.closeAllConnections();
      await new Promise((resolve) => service.close(resolve));
    }
  });

  it('is one of the status options; a bar that goes away ends it with 0', async () => {
    const io = recordingIo(home.env);
    const code = runStatusCommand(['status', '--follow', '--json', ...NOWHERE_ARGS], io);
    await until(() => io.out().length > 0 || io.err().length > 0, 'a first line');
    io.stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(await code).toBe(0);
    // The service cannot be reached: the line says nothing plays, the reason goes to stderr once.
    expect(JSON.parse(lines(io)[0]!)).toMatchObject({ state: 'stopped' });
    expect(io.err()).toMatch(/^playdeck status: .+\n$/);
  });
});
