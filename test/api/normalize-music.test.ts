import { describe, expect, it } from 'vitest';
import {
  normalizeAlbumDetails,
  normalizeCursorPage,
  normalizeFullArtist,
  normalizePlayHistory,
  normalizeSavedAlbum,
  normalizeSavedTrack,
} from '../../src/api/normalize-music.js';
import { orStandIn } from '../../src/api/normalize-library.js';

/** The shapes the real service sends for the library and the catalog's albums and artists, where they differ. */
const track = { type: 'track', id: 't1', name: 'One', uri: 'x:track:t1', duration_ms: 1000, album: { id: 'a1', name: 'Album' }, artists: [{ id: 'r1', name: 'R', uri: 'x:artist:r1' }] };

describe('an artist', () => {
  it('reads followers as the reference sends them, as a bare count, or not at all', () => {
    expect(normalizeFullArtist({ id: 'r', name: 'R', followers: { href: null, total: 12 }, popularity: 40, genres: ['a'] })).toMatchObject({ followers: 12, popularity: 40, genres: ['a'] });
    expect(normalizeFullArtist({ id: 'r', name: 'R', followers: 7 })!.followers).toBe(7);
    expect(normalizeFullArtist({ id: 'r', name: 'R' })).toMatchObject({ followers: null, popularity: null, genres: [], images: [], type: 'artist' });
    expect(normalizeFullArtist(null)).toBeNull();
  });
});

describe('an album with its details', () => {
  it('gives each of its tracks the album, and keeps a stand-in for a track it cannot read', () => {
    const album = normalizeAlbumDetails({
      id: 'a1', name: 'Album', label: 'L', copyrights: [{ text: '© L', type: 'C' }, 'junk'], genres: [],
      tracks: { items: [{ id: 't1', name: 'One', type: 'track' }, null], total: 2, offset: 0, limit: 50 },
    })!;
    expect(album.copyrights).toEqual([{ text: '© L', type: 'C' }]);
    expect(album.tracks.items[0]).toMatchObject({ id: 't1', album: { id: 'a1', name: 'Album' } });
    expect(album.tracks.items[1]).toEqual({ unreadable: { position: 1, reason: 'unavailable' } });
  });

  it('without tracks, label or copyrights, has them empty', () => {
    expect(normalizeAlbumDetails({ id: 'a1', name: 'Album' })).toMatchObject({ label: '', genres: [], copyrights: [], tracks: { items: [], total: 0 } });
  });
});

describe('liked songs and saved albums', () => {
  it('come as {added_at, item} (the reference) or bare (the SDK types)', () => {
    expect(normalizeSavedTrack({ added_at: '2024-01-01T00:00:00Z', track })).toMatchObject({ added_at: '2024-01-01T00:00:00Z', track: { id: 't1' } });
    expect(normalizeSavedTrack(track)).toMatchObject({ added_at: '', track: { id: 't1' } });
    expect(normalizeSavedAlbum({ added_at: 'd', album: { id: 'a1', name: 'A' } })).toMatchObject({ album: { id: 'a1', tracks: { items: [] } } });
  });

  it('a wrapper whose item is null stands in as unavailable, never read as the item', () => {
    expect(orStandIn(normalizeSavedTrack, 'track')({ added_at: 'd', track: null }, 3)).toEqual({ unreadable: { position: 3, reason: 'unavailable' } });
  });
});

describe('a page by cursor', () => {
  it('reads followed artists under `artists` or bare, the cursor from `cursors` or from `next`', () => {
    const wrapped = normalizeCursorPage({ artists: { items: [{ id: 'r1', name: 'R' }], next: 'https://x/v1/me/following?type=artist&after=r1&limit=1', cursors: { after: 'r1' }, total: 3, limit: 1 } }, 'artists', 'after', normalizeFullArtist);
    expect(wrapped).toMatchObject({ next: 'r1', total: 3, limit: 1, items: [{ id: 'r1' }] });
    const bare = normalizeCursorPage({ items: [], next: 'https://x/v1/me/following?type=artist&after=r9&limit=20', limit: 20 }, 'artists', 'after', normalizeFullArtist);
    expect(bare).toMatchObject({ next: 'r9', total: null, limit: 20 });
  });

  it('ends where `next` is null, whatever the cursors say', () => {
    expect(normalizeCursorPage({ items: [], next: null, cursors: { after: 'r1', before: '5' } }, null, 'before', normalizePlayHistory)!.next).toBeNull();
    expect(normalizeCursorPage({ items: [], next: 'https://x/v1/me/player/recently-played?before=123&limit=20', cursors: null }, null, 'before', normalizePlayHistory)!.next).toBe('123');
    expect(normalizeCursorPage({ nothing: true }, null, 'before', normalizePlayHistory)).toBeNull();
  });
});

describe('a play of the history', () => {
  it('has its track and context (null when it played alone); one without a readable track is left out', () => {
    expect(normalizePlayHistory({ played_at: '2024-01-01T00:00:00.000Z', track, context: { type: 'album', uri: 'x:album:a1', href: 'h' } })).toMatchObject({ context: { type: 'album', uri: 'x:album:a1' } });
    expect(normalizePlayHistory({ played_at: 'd', track, context: null })!.context).toBeNull();
    expect(normalizePlayHistory({ played_at: 'd', track: null })).toBeNull();
    const page = normalizeCursorPage({ items: [{ played_at: 'd', track }, { played_at: 'e' }], next: null }, null, 'before', normalizePlayHistory)!;
    expect(page.items).toHaveLength(1);
  });
});
