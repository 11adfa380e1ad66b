/**
 * Every form the public reference and the official TypeScript SDK's types give for the answers the dashboard
 * reads, and the real service's quirks. Fixtures written here from those descriptions, kept small.
 */
import { describe, expect, it } from 'vitest';
import {
  normalizePaging,
  normalizePlaylistItem,
  normalizeSavedAudiobook,
  normalizeSavedShow,
  orStandIn,
} from '../../src/api/normalize-library.js';
import { normalizeDevice } from '../../src/api/normalize-player.js';

const track = (id: string) => ({ type: 'track', id, name: `Song ${id}`, uri: `spotify:track:${id}`, duration_ms: 1000 });

describe('playlist items', () => {
  it('reads the entry under item, track or both, and marks the rest unreadable with their position', () => {
    const page = normalizePaging(
      {
        href: 'h',
        offset: 10,
        limit: 6,
        total: 16,
        items: [
          { added_at: '2026-01-01T00:00:00Z', item: track('a') },
          { added_at: '2026-01-01T00:00:00Z', track: track('b') },
          { item: track('c'), track: track('c') },
          { added_at: '2026-01-01T00:00:00Z', is_local: false, track: null },
          42,
          { track: { type: 'podcast', id: 'x' } },
        ],
      },
      normalizePlaylistItem,
    )!;
    expect(page.items.map((row) => row.track?.name ?? null)).toEqual(['Song a', 'Song b', 'Song c', null, null, null]);
    expect(page.items.map((row) => row.unreadable)).toEqual([
      undefined,
      undefined,
      undefined,
      { position: 13, reason: 'unavailable' },
      { position: 14, reason: 'unreadable' },
      { position: 15, reason: 'unreadable' },
    ]);
  });

  it('reads an entry with fewer fields than the schema (a fields filter) by its name', () => {
    const row = normalizePlaylistItem({ item: { type: 'track', name: 'Only a name' } }, 3);
    expect(row.track).toMatchObject({ type: 'track', name: 'Only a name', id: '', duration_ms: 0, artists: [] });
    expect(row.unreadable).toBeUndefined();
  });
});

describe('saved audiobooks', () => {
  const audiobook = { type: 'audiobook', id: 'ab1', name: 'A Book', authors: [{ name: 'Author' }], total_chapters: 3 };

  it('reads {added_at, audiobook} and a bare audiobook alike', () => {
    expect(normalizeSavedAudiobook({ added_at: '2026-02-02T00:00:00Z', audiobook })).toMatchObject({
      added_at: '2026-02-02T00:00:00Z',
      audiobook: { id: 'ab1', name: 'A Book' },
    });
    expect(normalizeSavedAudiobook(audiobook)).toMatchObject({ added_at: '', audiobook: { id: 'ab1', name: 'A Book' } });
  });

  it('never reads a wrapper whose audiobook is null as a book (the list puts a stand-in there)', () => {
    expect(normalizeSavedAudiobook({ added_at: '2026-02-02T00:00:00Z', audiobook: null })).toBeNull();
  });
});

describe('saved shows', () => {
  const show = { type: 'show', id: 's1', name: 'A Show', publisher: 'P', total_episodes: 4 };

  it('reads {added_at, show} and a bare show alike', () => {
    expect(normalizeSavedShow({ added_at: '2026-02-02T00:00:00Z', show })).toMatchObject({ added_at: '2026-02-02T00:00:00Z', show: { id: 's1', name: 'A Show' } });
    expect(normalizeSavedShow(show)).toMatchObject({ added_at: '', show: { id: 's1', name: 'A Show' } });
  });

  it('never reads a wrapper as the show: one without its show is no show', () => {
    expect(normalizeSavedShow({ added_at: '2026-02-02T00:00:00Z', show: null })).toBeNull();
    expect(normalizeSavedShow({ added_at: '2026-02-02T00:00:00Z' })).toBeNull();
  });
});

describe('stand-ins', () => {
  it('keep the place of what cannot be read, unavailable where the service sent null', () => {
    const read = orStandIn(normalizeSavedShow, 'show');
    expect(read({ show: null }, 7)).toEqual({ unreadable: { position: 7, reason: 'unavailable' } });
    expect(read(null, 8)).toEqual({ unreadable: { position: 8, reason: 'unavailable' } });
    expect(read({ show: 'x' }, 9)).toEqual({ unreadable: { position: 9, reason: 'unreadable' } });
    expect(read([], 10)).toEqual({ unreadable: { position: 10, reason: 'unreadable' } });
  });

  it('leave no hole in a page: every item answers for its position', () => {
    const page = normalizePaging({ offset: 50, total: 53, items: [{ show: { name: 'a' } }, 'junk', { name: 'c' }] }, orStandIn(normalizeSavedShow, 'show'))!;
    expect(page.items).toHaveLength(3);
    expect(page.items[1]).toEqual({ unreadable: { position: 51, reason: 'unreadable' } });
  });
});

describe('devices', () => {
  it.each([
    ['computer', 'Computer'],
    ['SMARTPHONE', 'Smartphone'],
    ['Speaker', 'Speaker'],
    ['tv', 'TV'],
    ['castvideo', 'CastVideo'],
    ['Fridge', 'Fridge'],
  ])('reads the type %j as %j', (sent, read) => {
    expect(normalizeDevice({ id: null, name: 'Kitchen', type: sent, volume_percent: null }).type).toBe(read);
  });
});
