import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../src/service/start.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built program (test/helpers/global-setup.ts builds it) as a user would, CI unset. */
function playdeck(...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env['CI'];
  delete env['CONTINUOUS_INTEGRATION'];
  delete env['PLAYDECK_BASE_URL'];
  delete env['PLAYDECK_TOKEN'];
  return new Promise((resolve) => {
    execFile(process.execPath, ['dist/cli.js', ...args], { env, timeout: 15_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

function expectOneLine(text: string): void {
  expect(text.trimEnd().split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/^\s+at /m);
}

describe('playdeck command line', () => {
  it('--help says how to run it', async () => {
    const { code, stdout } = await playdeck('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('Usage:');
    for (const option of ['--base-url', '--token', '--port', '--db', 'serve', '--version']) expect(stdout).toContain(option);
  });

  it('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const { code, stdout } = await playdeck('--version');
    expect([code, stdout]).toEqual([0, `${version}\n`]);
  });

  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['extra'], 'unknown command "extra"'],
    [['--port', 'many'], '--port needs an integer'],
    [['--token', 'abc'], '--token needs --base-url'],
  ])('%j is refused in one line with exit code 2', async (args, message) => {
    const { code, stdout, stderr } = await playdeck(...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expectOneLine(stderr);
  });

  it('reads serve\'s options with the same parser', async () => {
    const { code, stderr } = await playdeck('serve', '--bogus');
    expect(code).toBe(2);
    expect(stderr).toContain('unknown option --bogus');
  });

  it('says in one line when the service cannot be reached', async () => {
    const { code, stderr } = await playdeck('--base-url', 'http://127.0.0.1:9/v1', '--token', 'abc');
    expect(code).toBe(1);
    expect(stderr).toContain('cannot reach http://127.0.0.1:9/v1');
    expectOneLine(stderr);
  });

  describe('against a running service', () => {
    let service: RunningService;
    beforeAll(async () => {
      service = await startService({ db: ':memory:' });
    });
    afterAll(async () => {
      await service.close();
    });

    it('says in one line that the token was refused', async () => {
      const { code, stderr } = await playdeck('--base-url', service.baseUrl, '--token', 'not-a-token');
      expect(code).toBe(1);
      expect(stderr).toContain(`${service.baseUrl} refused the token`);
      expect(stderr).not.toContain('not-a-token');
      expectOneLine(stderr);
    });
  });
});
