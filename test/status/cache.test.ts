/**
 * Without a dashboard: `status` asks the real embedded service (through the fault proxy, which counts) and
 * keeps the answer CACHE_TTL_MS, so status bars refreshing every second ask at most once per TTL between them.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_TTL_MS } from '../../src/status/cache.js';
import { runStatusCommand } from '../../src/status/command.js';
import { statusPaths } from '../../src/status/target.js';
import { useService } from '../api/service-fixture.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { createStatusHome, recordingIo, type StatusHome } from './status-io.js';
import { createServer } from 'node:net';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

const service = useService();
let proxy: FaultProxy;
let home: StatusHome;
let args: string[];

const playerReads = (method: string, url: string) => method === 'GET' && url.startsWith('/v1/me/player');

beforeAll(async () => {
  proxy = await startFaultProxy(service.current.baseUrl);
});

afterAll(async () => {
  await proxy.close();
});

beforeEach(() => {
  home = createStatusHome();
  args = ['--base-url', proxy.baseUrl, '--token', service.current.accessToken];
  proxy.requests.length = 0;
});

afterEach(() => {
  home.remove();
});

async function status(now: number, extra: string[] = []): Promise<string> {
  const io = recordingIo(home.env, () => now);
  const code = await runStatusCommand(['status', ...args, ...extra], io);
  expect(io.err()).toBe('');
  expect(code).toBe(0);
  return io.out();
}

describe('status with no dashboard running', () => {
  it('asks the service once, then answers from the cache until it is CACHE_TTL_MS old', async () => {
    const start = Date.now();
    const first = await status(start);
    expect(first).toMatch(/^▶ .+ \d+:\d{2}\/\d+:\d{2}\n$/);
    for (let second = 1; second < CACHE_TTL_MS / 1000; second++) await status(start + second * 1000);
    expect(proxy.count(playerReads)).toBe(1);
    await status(start + CACHE_TTL_MS);
    expect(proxy.count(playerReads)).toBe(2);
  });

  it('moves the cached position on with the clock while playing', async () => {
    const start = Date.now();
    const first = JSON.parse(await status(start, ['--json'])) as { elapsed_ms: number; state: string };
    const later = JSON.parse(await status(start + 3_000, ['--json'])) as { elapsed_ms: number };
    expect(first.state).toBe('playing');
    expect(later.elapsed_ms - first.elapsed_ms).toBe(3_000);
  });

  it('asks once for status bars that refresh at the same moment', async () => {
    const now = Date.now();
    const outputs = await Promise.all(Array.from({ length: 6 }, () => status(now)));
    expect(new Set(outputs).size).toBe(1);
    expect(proxy.count(playerReads)).toBe(1);
  });

  it('keeps a failure as long as an answer, so a service that is down is not asked every second', async () => {
    proxy.inject({ kind: 'status', status: 503, body: '{"error":{"status":503,"message":"down for a moment"}}' });
    try {
      const start = Date.now();
      const failures: string[] = [];
      for (let second = 0; second < CACHE_TTL_MS / 1000; second++) {
        const io = recordingIo(home.env, () => start + second * 1000);
        expect(await runStatusCommand(['status', ...args], io)).toBe(1);
        failures.push(io.err());
      }
      expect(new Set(failures).size).toBe(1);
      expect(failures[0]).toMatch(/^playdeck status: .+\n$/);
      const asked = proxy.count(playerReads);
      expect(asked).toBeGreaterThan(0);
      expect(asked).toBeLessThanOrEqual(2); // the first attempt and the client's one retry
    } finally {
      proxy.clear();
    }
  });

  it('falls back to the service when the dashboard socket does not answer', async () => {
    const socket = statusPaths({ kind: 'remote', baseUrl: proxy.baseUrl }, home.env).socket;
    mkdirSync(dirname(socket), { recursive: true, mode: 0o700 });
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(socket, resolve));
    try {
      expect(await status(Date.now())).toMatch(/^▶ /);
      expect(proxy.count(playerReads)).toBe(1);
    } finally {
      silent.close();
    }
  });
});

describe('player commands with no dashboard running', () => {
  it('sends the command straight to the service, and the next status shows its effect', async () => {
    const before = JSON.parse(await status(Date.now(), ['--json'])) as { title: string };
    const io = recordingIo(home.env);
    expect(await runStatusCommand(['next', ...args], io)).toBe(0);
    expect(io.err()).toBe('');
    expect(proxy.count((method, url) => method === 'POST' && url.startsWith('/v1/me/player/next'))).toBe(1);
    const after = JSON.parse(await status(Date.now(), ['--json'])) as { title: string };
    expect(after.title).not.toBe(before.title);
  });

  it('sends nothing for play while already playing, and pauses with one request', async () => {
    expect(await runStatusCommand(['play', ...args], recordingIo(home.env))).toBe(0);
    expect(proxy.count((method) => method === 'PUT')).toBe(0);
    expect(await runStatusCommand(['pause', ...args], recordingIo(home.env))).toBe(0);
    expect(proxy.count((method, url) => method === 'PUT' && url.startsWith('/v1/me/player/pause'))).toBe(1);
    expect(JSON.parse(await status(Date.now(), ['--json']))).toMatchObject({ state: 'paused' });
    expect(await runStatusCommand(['play', ...args], recordingIo(home.env))).toBe(0);
  });

  it('reaches repeat track from off in order, one request after the other', async () => {
    expect(await runStatusCommand(['repeat', 'off', ...args], recordingIo(home.env))).toBe(0);
    expect(await runStatusCommand(['repeat', 'track', ...args], recordingIo(home.env))).toBe(0);
    expect(JSON.parse(await status(Date.now(), ['--json']))).toMatchObject({ repeat: 'track' });
    expect(await runStatusCommand(['repeat', 'off', ...args], recordingIo(home.env))).toBe(0);
  });

  it('refuses bad arguments in one line with exit code 2, asking nothing', async () => {
    for (const words of [['seek', 'soon'], ['volume', '101'], ['shuffle', 'maybe'], ['repeat'], ['next', 'now'], ['status', '--format', '{nope}'], ['status', '--max-width', '0']]) {
      const io = recordingIo(home.env);
      expect(await runStatusCommand([...words, ...args], io)).toBe(2);
      expect(io.err().trimEnd().split('\n')).toHaveLength(1);
      expect(io.err()).toMatch(new RegExp(`^playdeck ${words[0]}: `));
    }
    expect(proxy.requests).toHaveLength(0);
  });
});
