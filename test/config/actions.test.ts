import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIONS, actionFor, DEFAULT_BINDINGS, findConflicts, helpLines, placesOverlap } from '../../src/config/actions.js';
import { parseKey } from '../../src/config/keys.js';

describe('the actions table', () => {
  it('has unique names and keys that parse', () => {
    expect(new Set(ACTIONS.map((entry) => entry.action)).size).toBe(ACTIONS.length);
    for (const entry of ACTIONS) {
      expect(entry.keys.length).toBeGreaterThan(0);
      for (const key of entry.keys) expect(parseKey(key)).toEqual({ key });
    }
  });

  it('has no key bound twice in one place by default', () => {
    expect(findConflicts(DEFAULT_BINDINGS)).toEqual([]);
  });

  it("covers every key of README's key table", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const rows = readme.slice(readme.indexOf('## Keys'), readme.indexOf('## Reordering')).split('\n').filter((line) => line.startsWith('| '));
    const labels = new Set(helpLines().flatMap((line) => line.keys.split(', ')));
    const keys = rows
      .slice(2)
      .filter((row) => !row.includes('a count'))
      .flatMap((row) => {
        const cell = row.split(' | ')[0]!.slice(2).replace('Shift+`↑` `↓`', 'Shift+↑ Shift+↓');
        return cell.replace(/[`(),]/g, ' ').split(/\s+/).filter((key) => key !== '');
      });
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) expect(labels, key).toContain(key);
  });

  it('says where each key works, for per-place conflicts', () => {
    expect(ACTIONS.find((entry) => entry.action === 'seekBack')?.where).toBe('Now playing');
    expect(ACTIONS.find((entry) => entry.action === 'moveDown')?.where).toBe("a playlist's items");
    expect(placesOverlap('lists', "a playlist's items")).toBe(true);
    expect(placesOverlap('everywhere', 'help')).toBe(true);
    expect(placesOverlap('Now playing', 'lists')).toBe(false);
    expect(placesOverlap('help', 'lists')).toBe(false);
  });

  it('finds the action a key does in a place, the place before everywhere', () => {
    expect(actionFor(DEFAULT_BINDINGS, 'j', "a playlist's items")).toBe('down');
    expect(actionFor(DEFAULT_BINDINGS, 'J', "a playlist's items")).toBe('moveDown');
    expect(actionFor(DEFAULT_BINDINGS, 'J', 'lists')).toBeNull();
    expect(actionFor(DEFAULT_BINDINGS, 'q', 'help')).toBe('quit');
    expect(actionFor(DEFAULT_BINDINGS, 'escape', 'help')).toBe('helpClose');
    expect(actionFor({ ...DEFAULT_BINDINGS, moveDown: ['m'] }, 'J', "a playlist's items")).toBeNull();
  });

  it('gives the help its lines with the keys as bound', () => {
    expect(helpLines().find((line) => line.description.startsWith('move the item (or the marked range) down'))).toEqual({
      keys: 'J, Shift+↓', description: 'move the item (or the marked range) down', where: "a playlist's items",
    });
    expect(helpLines({ ...DEFAULT_BINDINGS, redo: ['ctrl+y', 'U'] }).find((line) => line.description === 'redo a move')?.keys).toBe('Ctrl+Y, U');
  });
});
