import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/service/seed/generate.js';
import { ORIGIN } from '../../src/service/store/documents.js';
import type { SeedImage } from '../../src/service/seed/types.js';

const catalog = generateCatalog();
const AUDIOBOOK_MARKETS = ['US', 'GB', 'CA', 'IE', 'NZ', 'AU'];
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));
const tracks = byId(catalog.tracks);
const shows = byId(catalog.shows);
const audiobooks = byId(catalog.audiobooks);
const durations = new Map([...catalog.episodes, ...catalog.chapters].map((item) => [item.id, item.duration_ms]));
const demo = catalog.users.find((user) => user.id === catalog.demo_user_id)!;
const inGb = (item: { available_markets: string[] }) => item.available_markets.includes('GB');

describe('generateCatalog markets (decisions §4)', () => {
  const allMarkets = new Set(catalog.albums.flatMap((album) => album.available_markets));

  it('sells most content in a broad list of real-looking country codes', () => {
    expect([...allMarkets].every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(allMarkets.size).toBeGreaterThanOrEqual(40);
    for (const code of ['GB', 'US', 'DE', 'FR', 'JP']) expect(allMarkets.has(code)).toBe(true);
    expect(catalog.tracks.filter(inGb).length).toBeGreaterThan(catalog.tracks.length * 0.8);
  });

  it('has tracks the demo user cannot play, some relinked to a playable copy of the same recording', () => {
    const unavailable = catalog.tracks.filter((track) => !inGb(track));
    const relinked = unavailable.filter((track) => track.relinked_to !== null);
    expect(unavailable.length).toBeGreaterThan(relinked.length);
    expect(relinked.length).toBeGreaterThan(0);
    for (const original of relinked) {
      const copy = tracks.get(original.relinked_to!)!;
      expect(inGb(copy)).toBe(true);
      expect(copy).toMatchObject({ name: original.name, isrc: original.isrc, artist_ids: original.artist_ids });
      expect(copy.album_id).not.toBe(original.album_id);
    }
    // Only unavailable tracks relink.
    expect(catalog.tracks.filter((track) => inGb(track) && track.relinked_to !== null)).toEqual([]);
  });

  it('saves shows for the demo user that are not sold in GB, so the saved list gets filtered', () => {
    const saved = catalog.saved_shows.map((entry) => shows.get(entry.show_id)!);
    expect(saved.filter((show) => !inGb(show)).length).toBeGreaterThan(0);
    expect(saved.filter(inGb).length).toBeGreaterThan(0);
  });

  it('sells audiobooks only in subsets of the six audiobook markets, some without GB', () => {
    for (const audiobook of catalog.audiobooks) {
      expect(audiobook.available_markets.length).toBeGreaterThan(0);
      expect(audiobook.available_markets.every((code) => AUDIOBOOK_MARKETS.includes(code))).toBe(true);
    }
    const saved = catalog.saved_audiobooks.map((entry) => audiobooks.get(entry.audiobook_id)!);
    expect(saved.some(inGb)).toBe(true);
    expect(saved.some((audiobook) => !inGb(audiobook))).toBe(true);
  });

  it('fills the first playlist (it plays at start) with tracks the demo user can play, directly or relinked', () => {
    const playable = catalog.playlists[0].items.filter((item) => {
      const track = tracks.get(item.id)!;
      return inGb(track) || (track.relinked_to !== null && inGb(tracks.get(track.relinked_to)!));
    });
    expect(playable).toHaveLength(catalog.playlists[0].items.length);
  });

  it('puts tracks unplayable in GB into some of the demo user own playlists', () => {
    const withUnplayable = catalog.playlists.filter(
      (list) =>
        list.owner_id === demo.id &&
        list.items.some((item) => item.type === 'track' && !inGb(tracks.get(item.id)!)),
    );
    expect(withUnplayable.length).toBeGreaterThan(0);
  });
});

describe('generateCatalog listening progress', () => {
  const points = catalog.resume_points.filter((point) => point.user_id === demo.id);

  it('has episodes and chapters fully played and in progress for the demo user', () => {
    const episodeIds = new Set(catalog.episodes.map((episode) => episode.id));
    const kinds = new Set(points.map((point) => `${episodeIds.has(point.item_id)}:${point.fully_played}`));
    expect(kinds).toEqual(new Set(['true:true', 'true:false', 'false:true', 'false:false']));
  });

  it('places every resume point inside its item', () => {
    for (const point of points) {
      const duration = durations.get(point.item_id)!;
      if (point.fully_played) expect(point.resume_position_ms).toBe(0);
      else expect(point.resume_position_ms).toBeGreaterThan(0);
      expect(point.resume_position_ms).toBeLessThan(duration);
    }
    expect(new Set(points.map((point) => point.item_id)).size).toBe(points.length);
  });
});

describe('generateCatalog formats', () => {
  const described = [...catalog.shows, ...catalog.episodes, ...catalog.audiobooks, ...catalog.chapters];
  const imaged = [...catalog.artists, ...catalog.albums, ...catalog.shows, ...catalog.episodes];

  it('writes html_description as simple HTML of the same text as description', () => {
    for (const item of described) {
      expect(item.html_description).toMatch(/^(<p>.*?<\/p>)+$/);
      const text = item.html_description
        .replace(/<\/p><p>/g, '\n\n')
        .replace(/<\/?(p|b)>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      expect(text).toBe(item.description);
    }
    expect(described.some((item) => item.html_description.includes('<b>'))).toBe(true);
  });

  it('gives images in three sizes, served by the service itself', () => {
    const expected = (id: string): SeedImage[] =>
      [640, 300, 64].map((size) => ({
        url: `${ORIGIN}/images/${id}-${size}.png`,
        height: size,
        width: size,
      }));
    for (const item of [...imaged, ...catalog.audiobooks, ...catalog.playlists]) {
      expect(item.images).toEqual(expected(item.id));
    }
  });

  it('writes release dates in their precision and timestamps as ISO UTC', () => {
    const patterns = { year: /^\d{4}$/, month: /^\d{4}-\d{2}$/, day: /^\d{4}-\d{2}-\d{2}$/ };
    for (const album of catalog.albums) expect(album.release_date).toMatch(patterns[album.release_date_precision]);
    for (const item of [...catalog.episodes, ...catalog.chapters]) expect(item.release_date).toMatch(patterns.day);
    const stamps = [
      ...catalog.playlists.flatMap((list) => list.items.map((item) => item.added_at)),
      ...catalog.saved_shows.map((saved) => saved.added_at),
      ...catalog.saved_audiobooks.map((saved) => saved.added_at),
    ];
    expect(stamps.filter((stamp) => !ISO_TIMESTAMP.test(stamp) || Number.isNaN(Date.parse(stamp)))).toEqual([]);
  });

  it('names artists, shows and the demo user playlists distinctly', () => {
    for (const names of [catalog.artists, catalog.shows, catalog.playlists].map((list) => list.map((x) => x.name))) {
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
