import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { homedir } from 'node:os';
import { defaultPictureCacheDir } from '../../src/cli/cache-dir.js';
import { defaultLogPath, openLogFile, redact } from '../../src/cli/log-file.js';
import { defaultDatabasePathIn } from '../../src/service/database-path.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'playdeck-log-'));
  folders.push(path);
  return path;
}

describe('the log file', () => {
  it('lives in the state folder', () => {
    expect(defaultLogPath({ XDG_STATE_HOME: '/s' })).toBe('/s/playdeck/playdeck.log');
  });

  it('ignores relative XDG folders, as the XDG spec says, for the log, the picture cache and the database', () => {
    for (const relative of ['state', './x', '../up', '']) {
      expect(defaultLogPath({ XDG_STATE_HOME: relative })).toBe(join(homedir(), '.local/state/playdeck/playdeck.log'));
      expect(defaultPictureCacheDir({ XDG_CACHE_HOME: relative })).toBe(join(homedir(), '.cache/playdeck/images'));
      expect(defaultDatabasePathIn({ XDG_DATA_HOME: relative })).toBe(join(homedir(), '.local/share/playdeck/playdeck.db'));
    }
    expect(defaultPictureCacheDir({ XDG_CACHE_HOME: '/c' })).toBe('/c/playdeck/images');
    expect(defaultDatabasePathIn({ XDG_DATA_HOME: '/d' })).toBe('/d/playdeck/playdeck.db');
  });

  it('writes one event on one line: newlines and escapes in what it is given are spelled out', () => {
    const path = join(folder(), 'playdeck.log');
    const log = openLogFile(path, 10_000, () => new Date(0));
    log.write('cannot fetch http://img.example/a\n1970-01-01T00:00:00.000Z forged line\r\u001b]0;title\u0007\u009b2J\u202e: 404\n');
    log.write('second');
    expect(readFileSync(path, 'utf8').split('\n')).toEqual([
      '1970-01-01T00:00:00.000Z cannot fetch http://img.example/a\\n1970-01-01T00:00:00.000Z forged line\\r\\x1b]0;title\\x07\\x9b2J\\u202e: 404',
      '1970-01-01T00:00:00.000Z second',
      '',
    ]);
  });

  it('is created on the first line only, in a folder made for it, readable by its owner alone', () => {
    const path = join(folder(), 'nested', 'playdeck.log');
    const log = openLogFile(path, 1000, () => new Date(0));
    expect(statSync(path, { throwIfNoEntry: false })).toBeUndefined();
    log.write('service: boom');
    expect(readFileSync(path, 'utf8')).toBe('1970-01-01T00:00:00.000Z service: boom\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('stays within its size: a full file moves to .1 and the older .1 is dropped', () => {
    const path = join(folder(), 'playdeck.log');
    const log = openLogFile(path, 100, () => new Date(0));
    for (let index = 0; index < 10; index += 1) log.write(`line ${index} ${'x'.repeat(20)}`);
    expect(statSync(path).size).toBeLessThanOrEqual(100);
    expect(statSync(`${path}.1`).size).toBeLessThanOrEqual(100);
    expect(readFileSync(path, 'utf8')).toContain('line 9');
  });

  it('never writes a token', () => {
    expect(redact('Authorization: Bearer abc.DEF-123_x=')).toBe('Authorization: Bearer [redacted]');
    expect(redact('{"access_token":"s3cret","refresh_token":"r3fresh","expires_in":3600}')).toBe(
      '{"access_token":"[redacted]","refresh_token":"[redacted]","expires_in":3600}',
    );
    expect(redact('POST /api/token grant_type=authorization_code&code=abc&code_verifier=xyz')).toBe(
      'POST /api/token grant_type=authorization_code&code=[redacted]&code_verifier=[redacted]',
    );
  });
});
