import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/service/seed/generate.js';
import { PART_SEEDS, STEP, streamOf, type SeedPart } from '../../src/service/seed/random.js';
import type { SeedCatalog } from '../../src/service/seed/types.js';

const catalog = generateCatalog();
const BASE62_ID = /^[0-9A-Za-z]{22}$/;
const demo = catalog.users.find((user) => user.id === catalog.demo_user_id)!;
const ownPlaylists = catalog.playlists.filter((list) => list.owner_id === demo.id);
const followed = catalog.followed_playlist_ids.map((id) => catalog.playlists.find((list) => list.id === id)!);

describe('generateCatalog determinism', () => {
  it('returns the same catalog on every call', () => {
    expect(generateCatalog()).toEqual(catalog);
  });

  // Databases already made hold these: a backfill (store/schema.ts) finds them by id, so a change here is a
  // change of every part after it in users' databases too.
  it('keeps the ids and names of each part stable across versions and machines', () => {
    const curator = catalog.users.find((user) => user.id === catalog.playlists.at(-1)!.owner_id)!;
    expect({
      music: [catalog.artists[0].id, catalog.artists[0].name, catalog.albums[0].name, catalog.tracks[0].id, catalog.tracks.at(-1)!.name],
      spoken: [catalog.shows[0].id, catalog.shows[0].name, catalog.episodes[0].name, catalog.audiobooks[0].name, catalog.chapters.at(-1)!.id],
      library: [catalog.demo_user_id, curator.display_name, catalog.playlists[0].id, catalog.playlists[0].name, catalog.saved_shows[0].added_at],
    }).toEqual({
      music: ['AMc0qgcTwZFUb74B5uK6Pr', 'Clara Sallow', 'Live at the Harvest', 'gqmD5ZYwg9IgFR912BM75x', 'Under the Velocity'],
      spoken: ['lcqYR9yuzjQzakxKjUzSmG', 'Field Guide to Sleep and Memory', '1. Bright Thunder', 'The Blossom of Quillhaven', 'rfJ73eAjwVoXPkEnr2H60X'],
      library: ['JoVbxmhxytRnFundpGLBte', 'Clara Nightingale', 'W8VyoNxpd8j1qdWWPQxC7C', 'Silver Magpies', '2025-04-23T10:34:06Z'],
    });
  });
});

describe('one stream per part (seed/random.ts)', () => {
  it('moves no id or name of another part when a part draws more', () => {
    const drawingMore = generateCatalog((part) => {
      const stream = streamOf(part);
      if (part === 'music') for (let draw = 0; draw < 1000; draw++) stream.next();
      return stream;
    });
    expect(drawingMore.tracks[0]!.id).not.toBe(catalog.tracks[0]!.id);
    expect({ shows: drawingMore.shows, episodes: drawingMore.episodes, audiobooks: drawingMore.audiobooks, chapters: drawingMore.chapters }).toEqual({
      shows: catalog.shows,
      episodes: catalog.episodes,
      audiobooks: catalog.audiobooks,
      chapters: catalog.chapters,
    });
    // The library's own ids and names; its items name music's tracks, which did change.
    const own = (seed: SeedCatalog) => [seed.users, seed.playlists.map((playlist) => [playlist.id, playlist.name])];
    expect(own(drawingMore)).toEqual(own(catalog));
  });

  it("keeps every part's window of the cycle apart from every other's", () => {
    // mulberry32's state after n draws from seed s is s + n·STEP (mod 2^32): a seed's place on the cycle is
    // s·STEP⁻¹, and a part's window runs from there for as many numbers as it draws.
    const cycle = 2n ** 32n;
    const inverse = inverseModulo(BigInt(STEP), cycle);
    const windows = Object.entries(PART_SEEDS).map(([part, seed]) => {
      const stream = streamOf(part as SeedPart);
      generateCatalog((asked) => (asked === part ? stream : streamOf(asked)));
      return { part, start: (BigInt(seed) * inverse) % cycle, length: BigInt(stream.draws()) };
    });
    for (const a of windows) {
      for (const b of windows) {
        if (a === b) continue;
        expect((b.start - a.start + cycle) % cycle >= a.length, `${a.part} draws into ${b.part}'s window`).toBe(true);
      }
    }
  });
});

function inverseModulo(value: bigint, modulus: bigint): bigint {
  let [oldR, r, oldS, s] = [value, modulus, 1n, 0n];
  while (r !== 0n) {
    const quotient = oldR / r;
    [oldR, r] = [r, oldR - quotient * r];
    [oldS, s] = [s, oldS - quotient * s];
  }
  return ((oldS % modulus) + modulus) % modulus;
}

describe('generateCatalog sizes (decisions §10)', () => {
  it('has the catalog sizes', () => {
    expect(catalog.tracks).toHaveLength(2000);
    expect(catalog.albums).toHaveLength(200);
    expect(catalog.artists).toHaveLength(150);
    expect(catalog.shows).toHaveLength(40);
    expect(catalog.episodes).toHaveLength(40 * 30);
    expect(catalog.audiobooks).toHaveLength(10);
    expect(catalog.chapters).toHaveLength(10 * 20);
    for (const show of catalog.shows) {
      expect(catalog.episodes.filter((episode) => episode.show_id === show.id)).toHaveLength(30);
    }
    for (const audiobook of catalog.audiobooks) {
      const chapters = catalog.chapters.filter((chapter) => chapter.audiobook_id === audiobook.id);
      expect(chapters.map((chapter) => chapter.chapter_number)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    }
  });

  it('counts each album its tracks', () => {
    for (const album of catalog.albums) {
      expect(catalog.tracks.filter((track) => track.album_id === album.id)).toHaveLength(album.total_tracks);
    }
  });

  it('has the demo user (GB, premium), another user, and one without a country', () => {
    expect(demo).toMatchObject({ country: 'GB', product: 'premium' });
    expect(catalog.users.some((user) => user.country === null)).toBe(true);
    const followedOwners = new Set(followed.map((list) => list.owner_id));
    expect(followedOwners.size).toBe(1);
    expect(followedOwners.has(demo.id)).toBe(false);
  });

  it('gives the demo user 25 saved shows, 6 saved audiobooks, 12 own and 2 followed playlists', () => {
    expect(catalog.saved_shows.filter((saved) => saved.user_id === demo.id)).toHaveLength(25);
    expect(catalog.saved_audiobooks.filter((saved) => saved.user_id === demo.id)).toHaveLength(6);
    expect(ownPlaylists).toHaveLength(12);
    expect(catalog.playlists.slice(0, 12)).toEqual(ownPlaylists);
    expect(followed).toHaveLength(2);
    expect(catalog.playlists.slice(12)).toEqual(followed);
    expect(followed.map((list) => list.collaborative).sort()).toEqual([false, true]);
  });

  it('lists saved shows most recently added first', () => {
    const addedAt = catalog.saved_shows.map((saved) => saved.added_at);
    expect(addedAt).toEqual(addedAt.slice().sort().reverse());
  });

  it('starts with a normal playlist of 30 to 60 tracks', () => {
    const first = catalog.playlists[0];
    expect(first.items.length).toBeGreaterThanOrEqual(30);
    expect(first.items.length).toBeLessThanOrEqual(60);
    expect(first.items.every((item) => item.type === 'track')).toBe(true);
  });

  it('has a 10,000-item playlist whose repeated tracks stay distinct entries', () => {
    const huge = ownPlaylists.filter((list) => list.items.length === 10_000);
    expect(huge).toHaveLength(1);
    const addedAt = huge[0].items.map((item) => item.added_at);
    expect(new Set(addedAt).size).toBe(10_000);
    expect(new Set(huge[0].items.map((item) => item.id)).size).toBeLessThan(10_000);
  });

  it('has a playlist mixing tracks and episodes', () => {
    const mixed = ownPlaylists.filter((list) => new Set(list.items.map((item) => item.type)).size === 2);
    expect(mixed).toHaveLength(1);
  });
});

/** Every id of the catalog, listed by kind of object. */
function idsByKind(seed: SeedCatalog): Record<string, string[]> {
  return {
    artists: seed.artists.map((item) => item.id),
    albums: seed.albums.map((item) => item.id),
    tracks: seed.tracks.map((item) => item.id),
    shows: seed.shows.map((item) => item.id),
    episodes: seed.episodes.map((item) => item.id),
    audiobooks: seed.audiobooks.map((item) => item.id),
    chapters: seed.chapters.map((item) => item.id),
    users: seed.users.map((item) => item.id),
    playlists: seed.playlists.map((item) => item.id),
  };
}

describe('generateCatalog ids and references', () => {
  it('makes every id 22 base-62 characters, unique across the whole catalog', () => {
    const all = Object.values(idsByKind(catalog)).flat();
    expect(all.filter((id) => !BASE62_ID.test(id))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('refers only to ids that exist', () => {
    const ids = Object.fromEntries(Object.entries(idsByKind(catalog)).map(([kind, list]) => [kind, new Set(list)]));
    const missing: string[] = [];
    const check = (kind: string, id: string) => ids[kind].has(id) || missing.push(`${kind}:${id}`);
    catalog.albums.forEach((album) => album.artist_ids.forEach((id) => check('artists', id)));
    catalog.tracks.forEach((track) => {
      check('albums', track.album_id);
      track.artist_ids.forEach((id) => check('artists', id));
      if (track.relinked_to !== null) check('tracks', track.relinked_to);
    });
    catalog.episodes.forEach((episode) => check('shows', episode.show_id));
    catalog.chapters.forEach((chapter) => check('audiobooks', chapter.audiobook_id));
    check('users', catalog.demo_user_id);
    catalog.playlists.forEach((list) => {
      check('users', list.owner_id);
      list.items.forEach((item) => {
        check(item.type === 'track' ? 'tracks' : 'episodes', item.id);
        check('users', item.added_by);
      });
    });
    catalog.followed_playlist_ids.forEach((id) => check('playlists', id));
    for (const saved of catalog.saved_shows) {
      check('users', saved.user_id);
      check('shows', saved.show_id);
    }
    for (const saved of catalog.saved_audiobooks) {
      check('users', saved.user_id);
      check('audiobooks', saved.audiobook_id);
    }
    catalog.resume_points.forEach((point) => {
      check('users', point.user_id);
      if (!ids.episodes.has(point.item_id)) check('chapters', point.item_id);
    });
    expect(missing).toEqual([]);
  });
});
