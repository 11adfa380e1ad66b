import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkConfigText } from '../../src/config/check.js';
import { runConfigCommand } from '../../src/config/command.js';
import { defaultConfigText } from '../../src/config/default-file.js';
import { DEFAULT_CONFIG } from '../../src/config/schema.js';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'playdeck-config-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

async function run(argv: string[], env: NodeJS.ProcessEnv = { XDG_CONFIG_HOME: folder }) {
  let stdout = '';
  let stderr = '';
  const code = await runConfigCommand(argv, env, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe('playdeck config default', () => {
  it('prints a file that loads as the defaults, with every action and option in it', async () => {
    const { code, stdout } = await run(['default']);
    expect(code).toBe(0);
    expect(stdout).toBe(defaultConfigText());
    expect(checkConfigText(stdout, 'config.toml')).toEqual({ config: DEFAULT_CONFIG, problems: [] });
    for (const option of ['moveDown = ["J", "Shift+Down"]', 'redo = "Ctrl+R"', 'playing_seconds = 5', 'details_share = 0.45', 'enabled = true', 'mode = "auto"', '# accent = "cyan"']) {
      expect(stdout).toContain(option);
    }
  });

  it('loads unchanged with each commented option uncommented at its value, but for the theme name', () => {
    const uncommented = defaultConfigText().replace(/^# (accent|error|warning|success|progress) = /gm, '$1 = ');
    const { config, problems } = checkConfigText(uncommented, 'config.toml');
    expect(problems).toEqual([]);
    expect(config.theme).toEqual({ ...DEFAULT_CONFIG.theme, accent: 'cyan', error: 'red', warning: 'yellow', success: 'green', progress: 'cyan' });
  });
});

describe('playdeck config check', () => {
  it('says OK for no file, and for a good file', async () => {
    const path = join(folder, 'playdeck', 'config.toml');
    expect(await run(['check'])).toEqual({ code: 0, stdout: `config OK: ${path} (no file there: every option at its default)\n`, stderr: '' });
    const good = join(folder, 'good.toml');
    writeFileSync(good, '[keys]\nmoveDown = "e"\n');
    expect(await run(['check', '--config', good])).toEqual({ code: 0, stdout: `config OK: ${good}\n`, stderr: '' });
  });

  it('prints one line per problem and exits 2', async () => {
    const bad = join(folder, 'bad.toml');
    writeFileSync(bad, '[keys]\nmoveDown = "j"\n[poll]\nplaying_seconds = 1\n');
    const { code, stdout, stderr } = await run(['check', `--config=${bad}`]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([
      `${bad}:2: keys.moveDown: "j" is bound to both down and moveDown in a playlist's items: give one of them another key`,
      `${bad}:4: poll.playing_seconds: 1 is not allowed: a number of seconds from 5 to 60`,
    ]);
  });

  it('exits 2 for a file named that is missing or not TOML', async () => {
    const missing = join(folder, 'nope.toml');
    expect(await run(['check', '--config', missing])).toEqual({ code: 2, stdout: '', stderr: `${missing}: does not exist\n` });
    const broken = join(folder, 'broken.toml');
    writeFileSync(broken, '[keys\n');
    expect((await run(['check', '--config', broken])).stderr).toMatch(new RegExp(`^${broken}:1: not TOML: `));
  });

  it('exits 2 with the usage for a command line it cannot run', async () => {
    for (const argv of [[], ['chek'], ['check', '--config'], ['check', '--conf', 'x'], ['check', 'extra'], ['default', '--config', 'x']]) {
      const { code, stderr } = await run(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(stderr).toMatch(/^playdeck config: .+\nUsage:\n  playdeck config check/);
    }
  });
});
