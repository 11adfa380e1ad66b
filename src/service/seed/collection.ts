/**
 * The demo user's music library: liked songs (2,000 by default; the bench asks for 10,000), saved albums,
 * followed artists, and what they played last. A few liked songs are not sold in the demo user's country,
 * so that the list shows unplayable rows. Dates run back from the seed's clock, newest first.
 */
import type { Random } from './random.js';
import { isoTimestamp } from './text.js';
import type { SeedAlbum, SeedArtist, SeedCollection, SeedPlaylist, SeedSaved, SeedTrack } from './types.js';

export const DEFAULT_LIKED_SONGS = 2_000;
export const SAVED_ALBUM_COUNT = 40;
export const FOLLOWED_ARTIST_COUNT = 30;
export const PLAY_COUNT = 50;
/** The share of liked songs the demo user's market does not sell. */
const UNSOLD_SHARE = 0.02;

const MINUTE_MS = 60_000;
/** The seed's "now" (as the library part's): items are saved and played before it. */
const SEED_CLOCK_MS = Date.UTC(2025, 4, 20);

export interface CollectionSources {
  demoUserId: string;
  demoCountry: string;
  tracks: readonly SeedTrack[];
  albums: readonly SeedAlbum[];
  artists: readonly SeedArtist[];
  playlists: readonly SeedPlaylist[];
}

/** `count` items saved one after the other back from the seed's clock, `gap` apart at most. */
function savedBackwards(random: Random, userId: string, ids: readonly string[], maxGapMs: number): SeedSaved[] {
  let at = SEED_CLOCK_MS;
  return ids.map((itemId) => {
    at -= random.int(MINUTE_MS, maxGapMs);
    return { user_id: userId, item_id: itemId, added_at: isoTimestamp(at) };
  });
}

export function generateCollection(random: Random, sources: CollectionSources, likedSongs = DEFAULT_LIKED_SONGS): SeedCollection {
  const { demoUserId, demoCountry } = sources;
  const sold = sources.tracks.filter((track) => track.available_markets.includes(demoCountry));
  const unsold = sources.tracks.filter((track) => !track.available_markets.includes(demoCountry));
  const unsoldCount = Math.min(unsold.length, Math.round(likedSongs * UNSOLD_SHARE));
  const liked = random.sample([...random.sample(sold, likedSongs - unsoldCount), ...random.sample(unsold, unsoldCount)], likedSongs);
  // About ten years of liking, however many songs.
  const likedGapMs = Math.max(2 * MINUTE_MS, Math.floor((10 * 365 * 24 * 60 * MINUTE_MS * 2) / Math.max(1, likedSongs)));
  const savedAlbums = random.sample(sources.albums, SAVED_ALBUM_COUNT);
  const followed = random.sample(sources.artists, FOLLOWED_ARTIST_COUNT);

  // Plays: a few runs through albums, liked songs and the first playlist, each run a few tracks long.
  const albumTracks = new Map<string, SeedTrack[]>(savedAlbums.map((album) => [album.id, []]));
  for (const track of sources.tracks) albumTracks.get(track.album_id)?.push(track);
  const firstPlaylist = sources.playlists.find((playlist) => playlist.owner_id === demoUserId);
  const plays: SeedCollection['plays'] = [];
  let playedAt = SEED_CLOCK_MS - random.int(10, 120) * MINUTE_MS;
  for (let runs = 0; plays.length < PLAY_COUNT && runs < PLAY_COUNT * 10; runs++) {
    const roll = random.next();
    const run: { track: string; context: string | null }[] =
      roll < 0.4
        ? (() => {
            const album = random.pick(savedAlbums);
            return (albumTracks.get(album.id) ?? []).slice(0, random.int(2, 6)).map((track) => ({ track: track.id, context: `playdeck:album:${album.id}` }));
          })()
        : roll < 0.8 || !firstPlaylist
          ? random.sample(liked, random.int(2, 6)).map((track) => ({ track: track.id, context: `playdeck:user:${demoUserId}:collection` }))
          : firstPlaylist.items.filter((item) => item.type === 'track').slice(0, random.int(2, 5)).map((item) => ({ track: item.id, context: `playdeck:playlist:${firstPlaylist.id}` }));
    // Newest first: a run is played in order, so it is listed backwards.
    for (const play of run.reverse()) {
      if (plays.length === PLAY_COUNT) break;
      plays.push({ user_id: demoUserId, track_id: play.track, played_at: isoTimestamp(playedAt), context_uri: play.context });
      playedAt -= random.int(2, 7) * MINUTE_MS;
    }
    playedAt -= random.int(60, 3 * 24 * 60) * MINUTE_MS;
  }

  return {
    liked_tracks: savedBackwards(random, demoUserId, liked.map((track) => track.id), likedGapMs),
    saved_albums: savedBackwards(random, demoUserId, savedAlbums.map((album) => album.id), 30 * 24 * 60 * MINUTE_MS),
    followed_artists: savedBackwards(random, demoUserId, followed.map((artist) => artist.id), 60 * 24 * 60 * MINUTE_MS),
    plays,
  };
}
