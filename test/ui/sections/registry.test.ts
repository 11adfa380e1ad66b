import { describe, expect, it } from 'vitest';
import { FOCUS_ORDER, JUMP_DIGITS, SECTIONS } from '../../../src/keys/sections.js';
import { LIBRARY_SECTIONS } from '../../../src/ui/sections/registry.js';
import { drilled, type ListView } from '../../../src/ui/sections/types.js';
import { episodes } from '../../../src/ui/sections/shows.js';
import { playlistItems } from '../../../src/ui/sections/playlists.js';

describe('the section registry', () => {
  it('gives the focus order, the library tabs and the digits that jump', () => {
    // The keys of the first five stay as they are (1 to 5); a section added comes after them.
    expect(FOCUS_ORDER.slice(0, 5)).toEqual(['nowPlaying', 'playlists', 'shows', 'audiobooks', 'continue']);
    expect(LIBRARY_SECTIONS.map((section) => section.id)).toEqual(FOCUS_ORDER.slice(1));
    expect([...JUMP_DIGITS]).toEqual(SECTIONS.map((_, index) => String(index + 1)));
    expect(new Set(SECTIONS.map((section) => section.id)).size).toBe(SECTIONS.length);
  });

  it('names each collection apart, so that no two lists share pages', () => {
    const keys = LIBRARY_SECTIONS.map((section) => section.view.sourceKey());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keys what is drilled into by what it shows', () => {
    const show = { id: 'show-1' } as Parameters<typeof episodes.sourceKey>[0];
    expect(drilled(episodes, show).key).toBe('show:show-1');
    expect(drilled(playlistItems, { id: 'p1' } as Parameters<typeof playlistItems.keyOf>[0]).key).toBe('playlistItems:p1');
  });

  it('refuses a definition that leaves something out (checked by the type check: the line below must not compile)', () => {
    // @ts-expect-error `play` is left out: a definition says what `P` does, or null for nothing.
    const incomplete: ListView<number> = {
      kind: 'list', sourceKey: () => 'numbers', label: 'numbers', title: () => 'Numbers', emptyText: 'None.',
      source: { readAll: async () => [1, 2, 3] }, rereadOn: [], row: String, match: String, details: () => null, open: null,
    };
    expect(incomplete.label).toBe('numbers');
  });
});
