import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackState } from '../../src/api/types.js';
import type { PlaybackCommand } from '../../src/ui/playback-commands.js';
import { runStatusCommand } from '../../src/status/command.js';
import { createDashboardBridge, type PlayerBridge } from '../../src/status/player-bridge.js';
import type { PlayerCommand } from '../../src/status/player-command.js';
import { askDashboard, DEFAULT_TIMEOUT_MS } from '../../src/status/socket-client.js';
import { startStatusServer, type StatusServer } from '../../src/status/socket-server.js';
import { statusPaths, type ServiceTarget } from '../../src/status/target.js';
import { playback } from './playback-fixture.js';
import { createStatusHome, recordingIo, type StatusHome } from './status-io.js';

/** A service nobody listens on: anything that reaches for it fails, so an answer can only come from the socket. */
const NOWHERE: ServiceTarget = { kind: 'remote', baseUrl: 'http://127.0.0.1:9/v1', token: 'unused' };
const NOWHERE_ARGS = ['--base-url', 'http://127.0.0.1:9/v1', '--token', 'unused'];

let home: StatusHome;
let server: StatusServer | null = null;
const closers: (() => void)[] = [];

beforeEach(() => {
  home = createStatusHome();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = null;
  for (const close of closers.splice(0)) close();
  home.remove();
});

function socketPath(): string {
  return statusPaths(NOWHERE, home.env).socket;
}

function fixedBridge(state: PlaybackState | null, receivedAt: number): PlayerBridge & { commands: PlayerCommand[] } {
  const commands: PlayerCommand[] = [];
  return {
    commands,
    snapshot: () => ({ playback: state, receivedAt }),
    run: async (command) => {
      commands.push(command);
      return { ok: true };
    },
  };
}

/** A socket file as a killed dashboard leaves it: a child listens there, then dies by SIGKILL. */
async function leaveStaleSocket(path: string): Promise<void> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const script = `require('net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
}

/** Accepts connections and never answers, like a stopped dashboard. */
async function silentServer(path: string): Promise<Server> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(path, resolve));
  closers.push(() => silent.close());
  return silent;
}

describe('a dashboard answering over the socket', () => {
  it('answers status from its own state, the position moved on to the moment asked', async () => {
    const receivedAt = Date.now();
    server = await startStatusServer(socketPath(), fixedBridge(playback(), receivedAt));
    const io = recordingIo(home.env, () => receivedAt + 2_000);
    expect(await runStatusCommand(['status', ...NOWHERE_ARGS], io)).toBe(0);
    expect(io.out()).toBe('▶ Feather of Quillhaven · Echo Engines, Sallow 1:25/3:45\n');
    expect(io.err()).toBe('');
  });

  it('keeps the socket for its user alone: the file 0600 in a folder 0700', async () => {
    server = await startStatusServer(socketPath(), fixedBridge(null, 0));
    expect(lstatSync(socketPath()).mode & 0o777).toBe(0o600);
    expect(lstatSync(dirname(socketPath())).mode & 0o777).toBe(0o700);
  });

  it('says nothing playing when the dashboard shows nothing', async () => {
    server = await startStatusServer(socketPath(), fixedBridge(null, Date.now()));
    const io = recordingIo(home.env);
    expect(await runStatusCommand(['status', ...NOWHERE_ARGS, '--json'], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ state: 'stopped' });
  });

  it('runs a command through the bridge, its argument read by the same parser', async () => {
    const bridge = fixedBridge(playback(), Date.now());
    server = await startStatusServer(socketPath(), bridge);
    expect(await runStatusCommand(['seek', '-10', ...NOWHERE_ARGS], recordingIo(home.env))).toBe(0);
    expect(await runStatusCommand(['repeat', 'track', ...NOWHERE_ARGS], recordingIo(home.env))).toBe(0);
    expect(bridge.commands).toEqual([{ type: 'seek', relative: true, ms: -10_000 }, { type: 'repeat', state: 'track' }]);
  });

  it("prints a refused command's reason in the dashboard's words and exits 1, sending nothing", async () => {
    const sent: PlaybackCommand[] = [];
    const bridge = createDashboardBridge({} as never);
    bridge.update({ playback: playback({ actions: { disallows: { skipping_next: true } } }), receivedAt: Date.now(), run: (command) => sent.push(command) });
    server = await startStatusServer(socketPath(), bridge);
    const io = recordingIo(home.env);
    expect(await runStatusCommand(['next', ...NOWHERE_ARGS], io)).toBe(1);
    expect(io.err()).toBe("playdeck next: can't skip: nothing next\n");
    expect(sent).toEqual([]);
  });

  it('refuses a request it cannot read, in words', async () => {
    server = await startStatusServer(socketPath(), fixedBridge(null, 0));
    const reply = await askDashboard(socketPath(), { v: 2, op: 'status' } as never);
    expect(reply).toEqual({ kind: 'answer', answer: { ok: false, reason: 'this dashboard speaks version 1 of the status protocol' } });
  });

  it("tells its own memory, compiled code apart, for the bench's soak and memory sections", async () => {
    server = await startStatusServer(socketPath(), fixedBridge(null, 0));
    const reply = await askDashboard(socketPath(), { v: 1, op: 'memory' });
    if (reply.kind !== 'answer' || !('memory' in reply.answer)) throw new Error(`no memory in ${JSON.stringify(reply)}`);
    const { rss, heapUsed, heapTotal, code } = reply.answer.memory;
    expect(heapUsed).toBeGreaterThan(0);
    expect(code).toBeGreaterThan(0);
    expect(code).toBeLessThan(heapTotal);
    expect(heapTotal).toBeGreaterThanOrEqual(heapUsed);
    expect(rss).toBeGreaterThan(heapUsed);
  });

  it('leaves the name to the first of two dashboards on one service, and removes its socket on quitting', async () => {
    server = await startStatusServer(socketPath(), fixedBridge(null, 0));
    expect(await startStatusServer(socketPath(), fixedBridge(null, 0))).toBeNull();
    await server!.close();
    expect(existsSync(socketPath())).toBe(false);
  });
});

describe('a socket that does not answer', () => {
  it('is found stale when a killed dashboard left it, and removed', async () => {
    await leaveStaleSocket(socketPath());
    expect(lstatSync(socketPath()).isSocket()).toBe(true);
    expect(await askDashboard(socketPath(), { v: 1, op: 'status' })).toEqual({ kind: 'none', why: 'stale', sent: false });
    expect(existsSync(socketPath())).toBe(false);
  });

  it('is given up on in under a second when the dashboard is stopped, and left in place', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBeLessThan(1_000);
    await silentServer(socketPath());
    expect(await askDashboard(socketPath(), { v: 1, op: 'status' })).toEqual({ kind: 'none', why: 'timeout', sent: true });
    expect(existsSync(socketPath())).toBe(true);
  });

  it('does not send a command another way when a silent dashboard may have received it', async () => {
    await silentServer(socketPath());
    const io = recordingIo(home.env);
    expect(await runStatusCommand(['next', ...NOWHERE_ARGS], io)).toBe(1);
    expect(io.err()).toMatch(/did not answer in time/);
  });

  it("never connects to another user's socket, nor to a file that is not a socket", async () => {
    const bridge = fixedBridge(playback(), Date.now());
    const snapshot = vi.spyOn(bridge, 'snapshot');
    server = await startStatusServer(socketPath(), bridge);
    vi.spyOn(process, 'getuid').mockReturnValue(process.getuid!() + 1);
    expect(await askDashboard(socketPath(), { v: 1, op: 'status' })).toEqual({ kind: 'none', why: 'foreign', sent: false });
    expect(snapshot).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    await server!.close();
    server = null;
    writeFileSync(socketPath(), 'not a socket');
    expect(await askDashboard(socketPath(), { v: 1, op: 'status' })).toEqual({ kind: 'none', why: 'foreign', sent: false });
    expect(existsSync(socketPath())).toBe(true);
  });
});
