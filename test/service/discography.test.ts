import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIKED_SONGS, FOLLOWED_ARTIST_COUNT, PLAY_COUNT, SAVED_ALBUM_COUNT } from '../../src/service/seed/collection.js';
import { DEFAULT_CATALOG_TRACKS } from '../../src/service/seed/discography.js';
import { catalogOfSize, generateCatalog } from '../../src/service/seed/generate.js';
import { trackColumns } from '../../src/service/store/discography-documents.js';
import { CatalogStore } from '../../src/service/store/catalog.js';
import { openDatabase, type Database } from '../../src/service/store/db.js';
import { foldText } from '../../src/service/search-text.js';

/** The discography and collection parts of the demo catalog (seed/discography.ts, seed/collection.ts), and how the store keeps them. */
const catalog = generateCatalog();
const demo = catalog.demo_user_id;
const { discography, collection } = catalog;
const allTracks = [...catalog.tracks, ...discography.tracks];
const allAlbums = [...catalog.albums, ...discography.albums];
const allArtists = [...catalog.artists, ...discography.artists];

describe('the discography', () => {
  it('makes the catalog 20,000 tracks on 2,000 albums by 500 artists', () => {
    expect(allTracks).toHaveLength(DEFAULT_CATALOG_TRACKS);
    expect(allAlbums).toHaveLength(2000);
    expect(allArtists).toHaveLength(500);
    expect(new Set(allTracks.map((track) => track.id)).size).toBe(allTracks.length);
  });

  it('puts every track on an album that counts it, by artists that exist, and every artist on an album', () => {
    const artists = new Set(allArtists.map((artist) => artist.id));
    const counts = new Map<string, number>();
    for (const track of discography.tracks) {
      counts.set(track.album_id, (counts.get(track.album_id) ?? 0) + 1);
      expect(track.artist_ids.every((id) => artists.has(id))).toBe(true);
    }
    for (const album of discography.albums) {
      expect(counts.get(album.id), album.name).toBe(album.total_tracks);
      expect(album.artist_ids.length).toBeGreaterThan(0);
      expect(album.artist_ids.every((id) => artists.has(id))).toBe(true);
    }
    const leading = new Set(discography.albums.flatMap((album) => album.artist_ids));
    expect(discography.artists.every((artist) => leading.has(artist.id))).toBe(true);
    expect(discography.album_details.map((details) => details.album_id)).toEqual(allAlbums.map((album) => album.id));
  });

  it('has accented names to fold, and regional albums', () => {
    expect(discography.tracks.some((track) => track.name !== track.name.normalize('NFKD').replace(/\p{M}/gu, ''))).toBe(true);
    expect(discography.artists.some((artist) => foldText(artist.name) !== artist.name.toLowerCase())).toBe(true);
    expect(discography.albums.some((album) => !album.available_markets.includes('GB'))).toBe(true);
  });

  it('grows with the size asked, the first catalog left as it is', () => {
    const larger = catalogOfSize({ catalogTracks: 30_000, likedSongs: 10 });
    expect(larger.tracks).toEqual(catalog.tracks);
    expect(larger.discography.tracks).toHaveLength(28_000);
    expect(larger.collection.liked_tracks).toHaveLength(10);
  });

  it('keeps its first ids and names (databases hold them)', () => {
    expect([
      discography.artists[0]!.id, discography.artists[0]!.name, discography.albums[0]!.name, discography.tracks[0]!.id,
      discography.tracks.at(-1)!.name, collection.liked_tracks[0]!.item_id, collection.liked_tracks[0]!.added_at,
    ]).toEqual(['iBaVI67jOe5ZE3R2VUpXZR', 'Flora and Rosa', 'Chasing', 'siInObiPQItCyRgPcUmJn0', 'Zealous Riviera', 'ijmGOaBSKxwc34kZjeHZqw', '2025-05-18T01:05:20Z']);
  });
});

describe('the collection', () => {
  it('gives the demo user 2,000 liked songs newest first, a few not sold in GB, 40 albums, 30 artists and 50 plays', () => {
    const liked = collection.liked_tracks.filter((saved) => saved.user_id === demo);
    expect(liked).toHaveLength(DEFAULT_LIKED_SONGS);
    expect(new Set(liked.map((saved) => saved.item_id)).size).toBe(liked.length);
    const dates = liked.map((saved) => saved.added_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const byId = new Map(allTracks.map((track) => [track.id, track]));
    const unsold = liked.filter((saved) => !byId.get(saved.item_id)!.available_markets.includes('GB'));
    expect(unsold.length).toBeGreaterThan(0);
    expect(unsold.length).toBeLessThan(liked.length / 10);
    expect(collection.saved_albums).toHaveLength(SAVED_ALBUM_COUNT);
    expect(collection.followed_artists).toHaveLength(FOLLOWED_ARTIST_COUNT);
    expect(collection.plays).toHaveLength(PLAY_COUNT);
    const played = collection.plays.map((play) => play.played_at);
    expect([...played].sort().reverse()).toEqual(played);
  });
});

describe('the store', () => {
  let db: Database;
  beforeAll(() => {
    db = openDatabase({ path: ':memory:', catalog: () => catalog });
  });
  afterAll(() => db.close());

  it("composes a track's document from its columns exactly as the seed's document was written", () => {
    const store = new CatalogStore(db);
    for (const track of catalog.tracks) {
      const stored = store.track(track.id)!.doc;
      const columns = store.discography.track(track.id)!;
      expect(columns).toMatchObject(trackColumns(track));
      expect(store.discography.trackDocument(columns), track.id).toBe(stored);
    }
    const composed = store.track(discography.tracks[0]!.id)!;
    expect(JSON.parse(composed.doc)).toMatchObject({ id: discography.tracks[0]!.id, album: { id: discography.tracks[0]!.album_id }, type: 'track' });
  });

  it('counts what it holds', () => {
    const count = (sql: string) => db.prepare(sql).pluck().get();
    expect(count('SELECT count(*) FROM catalog_tracks')).toBe(20_000);
    expect(count('SELECT count(*) FROM albums')).toBe(2000);
    expect(count('SELECT count(*) FROM artists')).toBe(500);
    expect(count("SELECT count(*) FROM saved_items WHERE type = 'track'")).toBe(2000);
    expect(count("SELECT value FROM meta WHERE key = 'catalog_tracks'")).toBe('20000');
  });
});
