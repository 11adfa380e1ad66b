import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultDatabasePath, startService } from '../../src/service/start.js';
import { spawnServe, stopServe } from '../helpers/serve-child.js';

/** The program `npm start` runs (the test run's global setup builds it). */
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Runs `playdeck serve ARGS` in a child process (it owns signals and stdout). */
function serve(args: string[]) {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout });
  const firstLines = new Promise<string[]>((resolve) => {
    const seen: string[] = [];
    lines.on('line', (line) => {
      seen.push(line);
      if (seen.length === 2) resolve(seen);
    });
    child.on('exit', () => resolve(seen));
  });
  return { child, exited, firstLines, stderr: () => stderr };
}

describe('playdeck serve', () => {
  it('prints base_url and access_token first, serves, and exits 0 on SIGTERM', async () => {
    const run = serve(['--port', '0', '--db', ':memory:']);
    const [baseLine, tokenLine] = await run.firstLines;
    expect(baseLine).toMatch(/^base_url=http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(tokenLine).toMatch(/^access_token=\S+$/);
    const response = await fetch(`${baseLine!.slice('base_url='.length)}/me`, {
      headers: { authorization: `Bearer ${tokenLine!.slice('access_token='.length)}` },
    });
    expect(response.status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('prints the one-time code the consent page asks for; approving without it gets no code, and each use prints the next', async () => {
    const served = await spawnServe(['--port', '0', '--db', ':memory:']);
    try {
      const codes = () => [...served.laterStdout().matchAll(/^consent_code=([A-Z2-9]{4}-[A-Z2-9]{4})$/gm)].map((match) => match[1]!);
      await vi.waitFor(() => expect(codes()).toHaveLength(1));
      const origin = new URL(served.baseUrl).origin;
      const form = (extra: Record<string, string>) =>
        new URLSearchParams({
          client_id: 'playdeck-demo', response_type: 'code', redirect_uri: 'http://127.0.0.1:9/callback',
          code_challenge: 'A'.repeat(43), code_challenge_method: 'S256', approve: 'yes', ...extra,
        });
      const approve = (extra: Record<string, string> = {}) =>
        fetch(`${origin}/authorize`, { method: 'POST', body: form(extra), redirect: 'manual' });
      const without = await approve();
      expect(without.status).toBe(400);
      expect(without.headers.get('location')).toBeNull();
      const withCode = await approve({ consent_code: codes()[0]! });
      expect(withCode.status).toBe(302);
      expect(new URL(withCode.headers.get('location')!).searchParams.get('code')).toBeTruthy();
      await vi.waitFor(() => expect(codes()).toHaveLength(2));
      expect(codes()[1]).not.toBe(codes()[0]);
      expect((await approve({ consent_code: codes()[0]! })).status).toBe(400);
    } finally {
      await stopServe(served, 'SIGTERM');
    }
  });

  it('ends as on SIGTERM when its terminal closes (SIGHUP): exit 0, its instance file withdrawn', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'playdeck-hup-'));
    try {
      const db = join(folder, 'playdeck.db');
      const served = await spawnServe(['--port', '0', '--db', db]);
      expect(existsSync(`${db}.service`)).toBe(true);
      served.child.kill('SIGHUP');
      expect(await served.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(`${db}.service`)).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('bad options: one line on stderr and exit code 2', async () => {
    const run = serve(['--port', 'abc']);
    expect(await run.exited).toBe(2);
    expect(run.stderr().trim().split('\n')).toHaveLength(1);
    expect(run.stderr()).toContain('--port');
  });

  describe('a port in use', () => {
    let blocker: Server;
    afterEach(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

    it('is one readable line and a non-zero exit', async () => {
      blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
      const port = (blocker.address() as { port: number }).port;
      const run = serve(['--port', String(port), '--db', ':memory:']);
      expect(await run.exited).not.toBe(0);
      expect(run.stderr().trim()).toBe(`playdeck serve: cannot listen on 127.0.0.1:${port}: address already in use`);
    });
  });
});

describe('startService', () => {
  it('listens on 127.0.0.1 and issues tokens of the demo user', async () => {
    const service = await startService({ port: 0, db: ':memory:', tokenTtlSeconds: 60 });
    try {
      expect(service.baseUrl).toBe(`${service.origin}/v1`);
      expect(service.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const me = await fetch(`${service.baseUrl}/me`, { headers: { authorization: `Bearer ${service.accessToken}` } });
      expect(((await me.json()) as { country: string }).country).toBe('GB');
      const { token, expiresAt } = service.issueToken(['user-read-private'], 30);
      expect(expiresAt).toBeGreaterThan(Date.now());
      const shows = await fetch(`${service.baseUrl}/me/shows`, { headers: { authorization: `Bearer ${token}` } });
      expect(shows.status).toBe(403);
    } finally {
      await service.close();
    }
  });

  it('warns on stderr when listening beyond loopback', async () => {
    const warnings: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      warnings.push(String(chunk));
      return true;
    });
    try {
      const service = await startService({ port: 0, host: '0.0.0.0', db: ':memory:' });
      await service.close();
    } finally {
      spy.mockRestore();
    }
    expect(warnings.join('')).toMatch(/^warning: serving on 0\.0\.0\.0/);
  });

  it('defaultDatabasePath is under $XDG_DATA_HOME/playdeck, folder created', () => {
    const dataHome = mkdtempSync(join(tmpdir(), 'playdeck-xdg-'));
    const saved = process.env.XDG_DATA_HOME;
    process.env.XDG_DATA_HOME = dataHome;
    try {
      expect(defaultDatabasePath()).toBe(join(dataHome, 'playdeck', 'playdeck.db'));
      expect(existsSync(join(dataHome, 'playdeck'))).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved;
      rmSync(dataHome, { recursive: true, force: true });
    }
  });
});
