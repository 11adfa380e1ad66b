/**
 * Issue 26, finding 9: a token need not be on the command line, where `ps` shows it to every user. It comes
 * from PLAYDECK_TOKEN, a file or stdin; `--token TOKEN` still works and is said to be visible.
 */
import { describe, expect, it } from 'vitest';
import { readTokenInput, TOKEN_IN_PS_WARNING } from '../../../src/api/auth/token-input.js';
import { runStatusCommand } from '../../../src/status/command.js';
import { createStatusHome, recordingIo } from '../../status/status-io.js';

const files: Record<string, string> = { '/run/token': 'from-file\n' };
const read = (path: string | 0): string => {
  if (path === 0) return 'from-stdin\r\n';
  if (path in files) return files[path]!;
  throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
};

describe('where a token comes from', () => {
  it('reads PLAYDECK_TOKEN, a file or stdin, and knows the one on the command line for what it is', () => {
    const env = { PLAYDECK_TOKEN: 'from-env' };
    expect(readTokenInput({ env, stdinAllowed: true, read })).toEqual({ token: 'from-env', isOnCommandLine: false });
    expect(readTokenInput({ tokenFile: '/run/token', env, stdinAllowed: true, read })).toEqual({ token: 'from-file', isOnCommandLine: false });
    expect(readTokenInput({ token: '-', env, stdinAllowed: true, read })).toEqual({ token: 'from-stdin', isOnCommandLine: false });
    expect(readTokenInput({ token: 'typed', env, stdinAllowed: true, read })).toEqual({ token: 'typed', isOnCommandLine: true });
    expect(readTokenInput({ env: {}, stdinAllowed: true, read })).toEqual({ token: undefined, isOnCommandLine: false });
  });

  it('says what is wrong in one line: both given, stdin taken, nothing there', () => {
    expect(readTokenInput({ token: 'a', tokenFile: '/run/token', env: {}, stdinAllowed: true, read })).toEqual({ problem: '--token and --token-file are one choice: give one' });
    expect(readTokenInput({ token: '-', env: {}, stdinAllowed: false, read })).toMatchObject({ problem: expect.stringMatching(/^--token - reads stdin/) });
    expect(readTokenInput({ tokenFile: '/none', env: {}, stdinAllowed: true, read })).toEqual({ problem: 'cannot read the token from /none: ENOENT' });
    expect(readTokenInput({ tokenFile: '/run/empty', env: {}, stdinAllowed: true, read: () => ' \n' })).toMatchObject({ problem: expect.stringMatching(/holds no token/) });
  });

  it('warns on a terminal that --token TOKEN is visible to every user, and says nothing to a status bar', async () => {
    const home = createStatusHome();
    try {
      const args = ['status', '--base-url', 'http://127.0.0.1:9/v1', '--token', 'typed', '--json'];
      const onTerminal = recordingIo(home.env);
      Object.assign(onTerminal.stderr, { isTTY: true });
      await runStatusCommand(args, onTerminal);
      expect(onTerminal.err().split('\n')[0]).toBe(TOKEN_IN_PS_WARNING);
      const inABar = recordingIo(home.env);
      await runStatusCommand(args, inABar);
      expect(inABar.err()).not.toContain('warning');
    } finally {
      home.remove();
    }
  });
});
