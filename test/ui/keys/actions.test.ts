import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyLabel, parseKey } from '../../../src/keys/names.js';
import { ACTION_NAMES, ACTIONS, actionSpec, actionsIn, isActionName, placesOf, type ActionName, type Place } from '../../../src/keys/actions.js';
import { DEFAULT_BINDINGS, findConflicts, placesOverlap, REMAPPABLE_ACTIONS, type KeyBindings } from '../../../src/keys/bindings.js';
import { helpPlaceOf, INITIAL_FOCUS } from '../../../src/ui/app/focus.js';
import { helpGroups, type HelpRow } from '../../../src/ui/keys/help-rows.js';
import { SECTIONS } from '../../../src/keys/sections.js';

/** README's Keys table: each row's keys (as labels), its words, its place and the config names it gives. */
function readmeRows(): { keys: string[]; words: string; where: string; names: string[] }[] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('## Keys'), readme.indexOf('## Reordering')).split('\n').filter((line) => line.startsWith('| '));
  return table.slice(1).map((row) => {
    const [keyCell, words, where, nameCell] = row.slice(2, -2).split(' | ') as [string, string, string, string];
    const keys = keyCell
      .replace('Shift+`↑` `↓`', 'Shift+↑ Shift+↓')
      .match(/`[^`]+`|(?:Ctrl|Shift)\+\S+|\b(?:Tab|Space|Enter|Esc|PgUp|PgDn|Home|End|Delete|Backspace)\b/g)!
      .map((key) => key.replaceAll('`', '').replace(/,$/, ''));
    const names = nameCell === '—' ? [] : nameCell.split(', ').map((name) => name.replaceAll('`', ''));
    return { keys, words, where, names };
  });
}

const labelsOf = (action: ActionName): string[] => DEFAULT_BINDINGS[action].map(keyLabel);

/** The help's rows as opened at start (in Playlists), headings aside. */
const helpRows = (bindings: KeyBindings): HelpRow[] => helpGroups(bindings, helpPlaceOf(INITIAL_FOCUS)).flatMap((group) => group.rows);

describe('the action table', () => {
  it('has keys that parse, and words unique to each action (what a palette finds them by)', () => {
    for (const action of ACTION_NAMES) {
      expect(ACTIONS[action].keys.length, action).toBeGreaterThan(0);
      for (const key of ACTIONS[action].keys) expect(parseKey(key)).toEqual({ key });
    }
    const descriptions = ACTION_NAMES.map((action) => ACTIONS[action].description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('has no key bound twice in one place by default', () => {
    expect(findConflicts(DEFAULT_BINDINGS)).toEqual([]);
  });

  it('gives every section a focus action on its digit, from the registry', () => {
    SECTIONS.forEach((section, index) => {
      expect(ACTIONS[section.focusAction]).toMatchObject({ keys: [String(index + 1)], command: { type: 'focus', target: section.id } });
    });
  });

  it('keeps the answers a question names out of the config file', () => {
    expect(REMAPPABLE_ACTIONS).not.toContain('offerSave');
    expect(REMAPPABLE_ACTIONS).toContain('devicesPlay');
    expect(REMAPPABLE_ACTIONS).toContain('focusContinue');
  });

  it('says where each key works, for per-place conflicts', () => {
    expect(ACTIONS.seekBack.place).toBe('Now playing');
    expect(ACTIONS.moveDown.place).toBe("a playlist's items");
    expect(placesOf('down')).toEqual(['lists', 'devices']);
    expect(actionsIn('devices')).toEqual(['up', 'down', 'devicesPlay', 'devicesClose']);
    expect(placesOverlap('lists', "a playlist's items")).toBe(true);
    expect(placesOverlap('everywhere', 'help')).toBe(true);
    expect(placesOverlap('everywhere', 'offered at start')).toBe(false);
    expect(placesOverlap('Now playing', 'lists')).toBe(false);
    expect(placesOverlap('help', 'lists')).toBe(false);
  });

  it("is README's key table, both ways: every action in a row of its place, every key of a row an action's there", () => {
    const rows = readmeRows();
    expect(rows.length).toBeGreaterThan(20);
    for (const action of ACTION_NAMES) {
      const places: readonly string[] = placesOf(action);
      const row = rows.find(({ keys, where }) => places.includes(where) && labelsOf(action).every((label) => keys.includes(label)));
      expect(row, `README has no row for ${action} (${labelsOf(action).join(', ')}) in ${places.join(' or ')}`).toBeDefined();
    }
    for (const { keys, words, where } of rows) {
      const actions = ACTION_NAMES.filter((action) => (placesOf(action) as readonly string[]).includes(where));
      expect(actions.length, `README's place "${where}" (${words})`).toBeGreaterThan(0);
      for (const key of keys) {
        expect(actions.some((action) => labelsOf(action).includes(key)), `README's ${key} (${words}) is no action's in ${where}`).toBe(true);
      }
    }
  });
  it("gives each action's config name in README's key table, both ways: the file's names, each once, in the row of its keys", () => {
    const rows = readmeRows();
    const named = rows.flatMap(({ names }) => names);
    expect([...named].sort()).toEqual([...REMAPPABLE_ACTIONS].sort());
    for (const { keys, words, where, names } of rows) {
      for (const name of names) {
        expect(isActionName(name) && actionSpec(name).place === where, `README names ${name} in ${where} (${words})`).toBe(true);
        const labels = labelsOf(name as ActionName);
        expect(labels.every((label) => keys.includes(label)), `README names ${name} (${labels.join(', ')}) beside ${keys.join(', ')}`).toBe(true);
      }
    }
  });
});

describe('the help', () => {
  it('has a row per action with its keys as bound, and the count', () => {
    const rows = helpRows(DEFAULT_BINDINGS);
    expect(rows).toHaveLength(ACTION_NAMES.length + 1);
    expect(rows).toContainEqual({ Key: 'J, Shift+↓', Action: 'move the item (or the marked range) down', Where: "a playlist's items", name: 'moveDown' });
    expect(rows).toContainEqual({ Key: '↓, j', Action: 'cursor down', Where: 'lists, devices', name: 'down' });
    const remapped = helpRows({ ...DEFAULT_BINDINGS, redo: ['ctrl+y', 'U'] });
    expect(remapped.find((row) => row.Action === 'redo a move')?.Key).toBe('Ctrl+Y, U');
  });

  it('says which lone digits jump, from the sections and their bindings', () => {
    const count = (bindings = DEFAULT_BINDINGS) => helpRows(bindings).find((row) => row.Key === '0–9')!.Action;
    expect(count()).toBe(`a count before ↑, ↓, PgUp, PgDn, K, J, u, Ctrl+R repeats it (20K); a lone 1–${SECTIONS.length} still jumps to its pane`);
    const others = SECTIONS.map((_, index) => String(index + 1)).filter((digit) => digit !== '3');
    expect(count({ ...DEFAULT_BINDINGS, focusShows: ['S'], moveDown: ['D'] })).toContain(`before ↑, ↓, PgUp, PgDn, K, D, u, Ctrl+R repeats it (20K); a lone ${others.join(', ')} still jumps`);
  });
});

const places: readonly Place[] = ['everywhere', 'Now playing', 'lists', "a playlist's items", 'devices', 'offered at start', 'help', 'search and go to'];
it('places every action in a place the help names', () => {
  for (const action of ACTION_NAMES) expect(places).toContain(ACTIONS[action].place);
});
