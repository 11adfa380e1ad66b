/**
 * Issue 26, finding 4: nothing the program prints outside the dashboard carries an escape sequence that came
 * from the service or a config file. Each printed path runs the built program against a hostile local
 * service (or a hostile config file) and reads its stdout and stderr byte for byte: window titles (OSC 0),
 * clipboard writes (OSC 52), CSI sequences, 8-bit C1 controls and bidi overrides must arrive as placeholders.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCannedServer, type CannedAnswer, type CannedServer, type SeenRequest } from '../api/canned-server.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const ESC = '\u001b';
const BEL = '\u0007';
/** A title, a clipboard write, a screen wipe with a cursor move, 8-bit CSI and OSC, a bidi override, NEL. */
const HOSTILE = `Evil${ESC}]0;pwned-title${BEL}${ESC}]52;c;aGFja2Vk${BEL}${ESC}[2J${ESC}[H\u009b31m\u009d0;c1-title\u009c\u202egnirts\u202c\u0085End`;
/** Any control character but the newline ending a line, any C1 control, any bidi control. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const PLAYBACK = {
  device: { id: 'd1', name: 'Speaker', type: 'Speaker', volume_percent: 40, is_active: true, supports_volume: true },
  repeat_state: 'off', shuffle_state: false, context: null, timestamp: 0, progress_ms: 1_000, is_playing: true,
  item: { type: 'track', id: 't1', name: HOSTILE, uri: 'playdeck:track:t1', duration_ms: 200_000, artists: [{ id: 'a', name: HOSTILE, type: 'artist' }], album: { id: 'b', name: 'x', type: 'album', artists: [] } },
  currently_playing_type: 'track', actions: {},
};
const refusal = (status: number): CannedAnswer => ({ status, body: { error: { status, message: HOSTILE } } });

let service: CannedServer;
let answer: (request: SeenRequest) => CannedAnswer;
let home: string;

beforeAll(async () => {
  service = await startCannedServer((request) => answer(request));
});
afterAll(async () => {
  await service.close();
});
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'playdeck-hostile-out-'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `playdeck ARGS` with a home of its own and a token (from the environment); `onStdout` sees what it prints as it prints it. */
function playdeck(args: readonly string[], onStdout: (text: string) => void = () => undefined): Promise<Run> {
  const env = { PATH: process.env.PATH, HOME: home, PLAYDECK_TOKEN: 'a-token', XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_RUNTIME_DIR: join(home, 'run'), XDG_CACHE_HOME: join(home, 'cache'), XDG_DATA_HOME: join(home, 'data') };
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    onStdout(stdout);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** What the run printed holds the placeholder of the hostile text and not one unsafe character. */
function expectNeutralised(run: Run, where: 'stdout' | 'stderr'): void {
  expect(run[where]).toContain('Evil␛');
  expect(run[where]).toContain('End');
  expect(run.stdout).not.toMatch(UNSAFE);
  expect(run.stderr).not.toMatch(UNSAFE);
}

describe('what the command line prints from a hostile service', () => {
  it('a player command refused by the service: the reason, neutralised', async () => {
    answer = (request) => (request.method === 'GET' ? { body: PLAYBACK } : refusal(403));
    const run = await playdeck(['next', '--base-url', service.baseUrl]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^playdeck next: couldn't /);
    expectNeutralised(run, 'stderr');
  });

  it('a start refused by the service: the one line, neutralised', async () => {
    answer = () => refusal(401);
    const run = await playdeck(['--base-url', service.baseUrl]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^playdeck: .*refused the token: Evil/);
    expectNeutralised(run, 'stderr');
  });

  it('status: the line of what plays, neutralised', async () => {
    answer = () => ({ body: PLAYBACK });
    const run = await playdeck(['status', '--base-url', service.baseUrl]);
    expect(run.code).toBe(0);
    expectNeutralised(run, 'stdout');
  });

  it('status --tmux and --polybar: a title that looks like markup shows as itself', async () => {
    const title = '#[fg=red]#(touch x)%{A1:touch x:}Song';
    answer = () => ({ body: { ...PLAYBACK, item: { ...PLAYBACK.item, name: title, artists: [] } } });
    const tmux = await playdeck(['status', '--tmux', '--base-url', service.baseUrl, '--format', '#[bold]{title}']);
    expect(tmux.stdout).toBe('#[bold]##[fg=red]##(touch x)%{A1:touch x:}Song\n');
    const polybar = await playdeck(['status', '--polybar', '--base-url', service.baseUrl]);
    expect(polybar.stdout).toMatch(/^▶ #\[fg=red\]#\(touch x\)%%\{O0\}\{A1:touch x:\}Song \d:\d\d\/3:20\n$/);
    const both = await playdeck(['status', '--tmux', '--polybar', '--base-url', service.baseUrl]);
    expect([both.code, both.stderr]).toEqual([2, 'playdeck status: --json, --waybar, --tmux and --polybar are one choice: give one (see playdeck status --help)\n']);
  });

  it.each([
    ['Logged in as …', 'stdout', 0, ''],
    ['a login the service refused', 'stderr', 1, `error=server_error&error_description=${encodeURIComponent(HOSTILE)}&`],
  ] as const)('login: %s, neutralised', async (_name, where, code, callbackQuery) => {
    answer = (request) => {
      if (request.url === '/api/token') return { body: { access_token: 'at', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt', scope: '' } };
      return { body: { id: 'u1', display_name: HOSTILE, type: 'user', uri: 'user:u1' } };
    };
    let visited = false;
    const run = await playdeck(['login', '--base-url', service.baseUrl, '--no-browser'], (stdout) => {
      const shown = /Open this URL to log in: (\S+)/.exec(stdout);
      if (shown === null || visited) return;
      visited = true;
      // The browser, back from the service: the callback with this attempt's state.
      const authorize = new URL(shown[1]!);
      const callback = authorize.searchParams.get('redirect_uri')!;
      void fetch(`${callback}?${callbackQuery || 'code=the-code&'}state=${authorize.searchParams.get('state')}`);
    });
    expect(run.code).toBe(code);
    expectNeutralised(run, where);
  });
});

describe('what the command line prints from a hostile config file', () => {
  const HOSTILE_CONFIG = `[keys]\n"${HOSTILE.replaceAll(ESC, '\\u001b').replaceAll(BEL, '\\u0007').replace(/[\u0080-\u009f\u202a-\u202e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}" = "J"\n[theme]\nname = "\\u001b]0;x\\u0007"\n`;

  it.each([
    ['config check', ['config', 'check']],
    ['the dashboard refusing to start on it', []],
  ])('%s: the key names and values, written so that they act on nothing', async (_name, args) => {
    const path = join(home, 'config.toml');
    writeFileSync(path, HOSTILE_CONFIG);
    const run = await playdeck([...args, '--config', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('keys."Evil\\u001b]0;pwned-title\\u0007');
    expect(run.stderr).toContain('theme.name: "\\u001b]0;x\\u0007" is not allowed');
    expect(run.stderr).not.toMatch(UNSAFE);
    expect(run.stdout).toBe('');
  });
});
