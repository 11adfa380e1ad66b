import { describe, expect, it } from 'vitest';
import { normalizePaging, normalizePlaylistItem } from '../../../src/api/normalize-library.js';
import { formatItemRow } from '../../../src/ui/playlist-editor/item-row.js';

describe('a playlist row whose entry could not be read', () => {
  it('says so in words at its place, apart from an unavailable entry and the rows around it', () => {
    const track = { type: 'track', id: 't', name: 'Song One', uri: 'media:track:t' };
    const page = normalizePaging({ offset: 10, items: [{ item: track }, { item: { type: 'mystery' } }, { item: null, track: null }] }, normalizePlaylistItem);
    const rows = page!.items.map((item, index) => formatItemRow(item, 10 + index, 'plain', 2, 60));
    expect(rows[0]).toMatch(/^ 11 {2}Song One/);
    expect(rows[1]).toMatch(/^ 12 {2}item 12 could not be read/);
    expect(rows[2]).toMatch(/^ 13 {2}\(unavail/);
  });
});
