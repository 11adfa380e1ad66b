import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfigPath, MAX_CONFIG_BYTES, readConfig } from '../../src/config/read.js';
import { DEFAULT_CONFIG } from '../../src/config/schema.js';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'playdeck-config-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const problemOf = async (path: string, options = {}) => {
  const { problems } = await readConfig(path, options);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatchObject({ file: path, line: null, key: null });
  return problems[0]!.message;
};

describe('readConfig', () => {
  it('gives exactly the defaults when there is no file', async () => {
    expect(await readConfig(join(folder, 'config.toml'))).toEqual({ config: DEFAULT_CONFIG, problems: [], exists: false });
    expect(await readConfig(join(folder, 'missing', 'config.toml'))).toMatchObject({ problems: [], exists: false });
  });

  it('says a file named on the command line does not exist', async () => {
    expect(await problemOf(join(folder, 'nope.toml'), { isExplicit: true })).toBe('does not exist');
  });

  it('reads and checks a file', async () => {
    const path = join(folder, 'config.toml');
    writeFileSync(path, '\uFEFF[mouse]\nenabled = false\n[poll]\nplaying_seconds = 2\n');
    const { config, problems, exists } = await readConfig(path);
    expect(exists).toBe(true);
    expect(config.mouse.enabled).toBe(false);
    expect(problems).toEqual([{ file: path, line: 4, key: 'poll.playing_seconds', message: '2 is not allowed: a number of seconds from 5 to 60' }]);
  });

  it('names a directory, a huge file, a file that is not text, and one it may not read, in one problem each', async () => {
    const directory = join(folder, 'config.toml');
    mkdirSync(directory);
    expect(await problemOf(directory)).toBe('is a directory, not a config file');

    const huge = join(folder, 'huge.toml');
    writeFileSync(huge, `# ${'x'.repeat(MAX_CONFIG_BYTES)}\n`);
    expect(await problemOf(huge)).toBe('is 1.0 MB; a config file is at most 1 MB');

    const binary = join(folder, 'binary.toml');
    writeFileSync(binary, Buffer.from([0x5b, 0x6b, 0xff, 0xfe, 0x5d]));
    expect(await problemOf(binary)).toBe('is not UTF-8 text, so not TOML');

    const locked = join(folder, 'locked.toml');
    writeFileSync(locked, '[mouse]\n');
    chmodSync(locked, 0o000);
    // Root reads anything: then the file reads fine, which is right too.
    const result = await readConfig(locked);
    if (process.getuid?.() !== 0) expect(result.problems.map((problem) => problem.message)).toEqual(['cannot be read: permission denied']);
    else expect(result.problems).toEqual([]);
  });
});

describe('defaultConfigPath', () => {
  it('is under XDG_CONFIG_HOME when it is absolute, else ~/.config', () => {
    expect(defaultConfigPath({ XDG_CONFIG_HOME: '/x/conf' })).toBe('/x/conf/playdeck/config.toml');
    expect(defaultConfigPath({ XDG_CONFIG_HOME: 'relative', HOME: '/h' })).toMatch(/\/\.config\/playdeck\/config\.toml$/);
    expect(defaultConfigPath({})).toMatch(/\/\.config\/playdeck\/config\.toml$/);
  });
});
