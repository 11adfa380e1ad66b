import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { REMAPPABLE_ACTIONS } from '../../src/keys/bindings.js';
import { runConfigCommand } from '../../src/config/command.js';
import { defaultConfigText } from '../../src/config/default-file.js';
import { checkSetting, defaultOf, described, unsetOf, writtenDefault, type Setting } from '../../src/config/kinds.js';
import { DEFAULT_SETTINGS, SECTION_NAMES, SETTINGS, settingsIn, type Settings } from '../../src/config/settings.js';

/** The settings table and what comes from it: the typed config, `config default`, `config check`, README's list. */

const EVERY = SECTION_NAMES.flatMap((section) => settingsIn(section).map(([key, setting]) => ({ section, key, setting })));

describe('the settings table', () => {
  it('declares each setting with one line of help, a snake_case key and a default its own check takes', () => {
    expect(EVERY.length).toBeGreaterThan(10);
    for (const { section, key, setting } of EVERY) {
      const name = `${section}.${key}`;
      expect(key, name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(setting.help, name).toMatch(/^[^\n]+$/);
      const value = defaultOf(setting);
      if (value !== undefined) expect(checkSetting(setting, value), name).toEqual({ value });
      if (setting.type === 'choice') expect(setting.default === undefined, `${name}: a default or what unset means, not both`).toBe(setting.unset !== undefined);
      if (setting.type === 'number') expect(setting.min <= setting.default && setting.default <= setting.max, name).toBe(true);
    }
  });

  it('gives the typed config its defaults, typed from the entries', () => {
    for (const { section, key, setting } of EVERY) expect((DEFAULT_SETTINGS[section] as Record<string, unknown>)[key]).toBe(defaultOf(setting));
    expectTypeOf<Settings['desktop']['notify']>().toEqualTypeOf<boolean>();
    expectTypeOf<Settings['poll']['playing_seconds']>().toEqualTypeOf<number>();
    expectTypeOf<Settings['art']['mode']>().toEqualTypeOf<(typeof SETTINGS.art.mode.allowed)[number]>();
    expectTypeOf<Settings['theme']['name']>().toEqualTypeOf<(typeof SETTINGS.theme.name.allowed)[number] | undefined>();
    expectTypeOf<Settings['theme']['accent']>().toEqualTypeOf<string | null | undefined>();
  });

  it('loads nothing outside src/config, so that the UI reads the typed config without a circle back', () => {
    const files = ['settings.ts', 'kinds.ts', 'colour.ts', 'themes.ts', 'problems.ts'];
    for (const file of files) {
      const text = readFileSync(new URL(`../../src/config/${file}`, import.meta.url), 'utf8');
      const imports = [...text.matchAll(/\bfrom\s+'([^']+)'/g)].map(([, specifier]) => specifier!);
      expect(imports.filter((specifier) => !files.includes(specifier.replace(/^\.\//, '').replace(/\.js$/, '.ts'))), file).toEqual([]);
    }
  });

  it('refuses a value of another kind, naming what is allowed', () => {
    const setting = (type: Setting['type']): Setting => EVERY.find(({ setting: { type: own } }) => own === type)!.setting;
    expect(checkSetting(setting('boolean'), 'yes')).toEqual({ problem: 'must be true or false, not "yes"' });
    expect(checkSetting(SETTINGS.poll.idle_seconds, 301)).toEqual({ problem: '301 is not allowed: a number of seconds from 5 to 300' });
    expect(checkSetting(SETTINGS.art.mode, 'sixel')).toEqual({ problem: '"sixel" is not allowed (allowed: "auto", "blocks", "kitty", "off")' });
    expect(checkSetting(setting('colour'), 'bold')).toMatchObject({ problem: expect.stringMatching(/^"bold" is not a colour \(allowed: a colour name/) });
  });
});

describe('playdeck config default', () => {
  it('prints every setting in its section, at its default (commented out where unset), with its help as a comment', () => {
    const text = defaultConfigText();
    for (const { section, key, setting } of EVERY) {
      const sectionText = text.slice(text.indexOf(`\n[${section}]\n`)).split(/\n\[/)[1]!;
      const written = writtenDefault(setting);
      const code = written === null ? `# ${key} = ${unsetOf(setting, key)!.shown}` : `${key} = ${written}`;
      expect(sectionText.split('\n'), `${section}.${key}`).toContainEqual(expect.stringMatching(new RegExp(`^${escaped(code)} +# ${escaped(described(setting, key))}$`)));
    }
  });
});

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('playdeck config check', () => {
  it('prints one line for each setting and action of a file that gives every one a value of the wrong type', async () => {
    const wrong = (setting: Setting): string => (setting.type === 'boolean' ? '"yes"' : 'true');
    const lines = [
      '[keys]',
      ...REMAPPABLE_ACTIONS.map((action) => `${action} = 1`),
      ...SECTION_NAMES.flatMap((section) => [`[${section}]`, ...settingsIn(section).map(([key, setting]) => `${key} = ${wrong(setting)}`)]),
    ];
    const folder = mkdtempSync(join(tmpdir(), 'playdeck-settings-'));
    try {
      const path = join(folder, 'wrong.toml');
      writeFileSync(path, `${lines.join('\n')}\n`);
      let stderr = '';
      const code = await runConfigCommand(['check', '--config', path], {}, { stdout: () => {}, stderr: (text) => (stderr += text) });
      expect(code).toBe(2);
      const said = stderr.trimEnd().split('\n');
      const expected = lines.flatMap((line, index) => {
        const section = lines.slice(0, index + 1).findLast((earlier) => earlier.startsWith('['))!.slice(1, -1);
        return line.startsWith('[') ? [] : [`${path}:${index + 1}: ${section}.${line.split(' = ')[0]}: `];
      });
      expect(said).toHaveLength(REMAPPABLE_ACTIONS.length + EVERY.length);
      said.forEach((line, index) => expect(line.startsWith(expected[index]!), line).toBe(true));
      expect(said.filter((line) => /allowed|true or false|a key or a list of keys/.test(line))).toHaveLength(said.length);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** README's list of settings: each row's setting, default and words. */
function readmeSettings(): { name: string; fallback: string; words: string }[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const part = readme.slice(readme.indexOf('## Make it yours'), readme.indexOf('## Now playing in your status bar'));
  return part
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((row) => {
      const [name, fallback, words] = row.slice(2, -2).split(' | ') as [string, string, string];
      return { name: name.replaceAll('`', ''), fallback, words };
    });
}

describe("README's list of settings", () => {
  it('is the table, both ways: every setting as section.key with its default and help, and no other', () => {
    const rows = readmeSettings();
    const table = EVERY.map(({ section, key, setting }) => {
      const written = writtenDefault(setting);
      return { name: `${section}.${key}`, fallback: written === null ? 'unset' : `\`${written}\``, words: described(setting, key) };
    });
    for (const row of table) expect(rows, `README's row for ${row.name}: | \`${row.name}\` | ${row.fallback} | ${row.words} |`).toContainEqual(row);
    for (const row of rows) expect(table.map(({ name }) => name), `README's ${row.name} is no setting of the table`).toContain(row.name);
    expect(rows).toHaveLength(table.length);
  });
});
