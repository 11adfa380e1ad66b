/**
 * The demo user's playlists (decisions §10), in the order `GET /me/playlists` lists them: twelve of their
 * own (a normal one first, since it plays at start; then one mixing tracks and episodes; then the
 * 10,000-item one; then nine more), followed by two of the curator's (one collaborative, one not).
 */
import type { Music } from './music.js';
import { distinctNames } from './names.js';
import type { Random } from './random.js';
import type { Spoken } from './spoken.js';
import { imagesFor, isoTimestamp } from './text.js';
import type { SeedPlaylist, SeedPlaylistItem } from './types.js';
import { PLAYLIST_FORMATS } from './words.js';

export const OWN_PLAYLIST_COUNT = 12;
export const FOLLOWED_PLAYLIST_COUNT = 2;
export const HUGE_PLAYLIST_LENGTH = 10_000;

const DAY_MS = 86_400_000;
const EARLIEST_ADDED = Date.UTC(2019, 0, 1);

type ItemRef = Pick<SeedPlaylistItem, 'type' | 'id'>;
type PlaylistFields = Pick<SeedPlaylist, 'name' | 'owner_id' | 'public' | 'collaborative'>;

const trackRef = (id: string): ItemRef => ({ type: 'track', id });
const episodeRef = (id: string): ItemRef => ({ type: 'episode', id });

/** Entries with strictly increasing `added_at` (seconds to a day apart), so repeated items stay distinct. */
function entries(random: Random, refs: ItemRef[], addedBy: () => string): SeedPlaylistItem[] {
  let addedAt = EARLIEST_ADDED + random.int(0, 1500) * DAY_MS;
  const maxGap = refs.length > 1000 ? 600_000 : DAY_MS;
  return refs.map((ref) => {
    addedAt += random.int(1000, maxGap);
    return { type: ref.type, id: ref.id, added_at: isoTimestamp(addedAt), added_by: addedBy() };
  });
}

function playlist(random: Random, fields: PlaylistFields, refs: ItemRef[], addedBy: () => string): SeedPlaylist {
  const id = random.id();
  return {
    id,
    ...fields,
    description: `${refs.length} picks, gathered over the years.`,
    images: imagesFor(id),
    items: entries(random, refs, addedBy),
  };
}

export interface PlaylistOwners {
  demoUserId: string;
  curatorId: string;
  /** The demo user's country: the first playlist holds only tracks playable there. */
  demoCountry: string;
}

export function generatePlaylists(
  random: Random,
  owners: PlaylistOwners,
  music: Music,
  spoken: Spoken,
): SeedPlaylist[] {
  const { demoUserId, curatorId, demoCountry } = owners;
  const soldToDemo = (markets: string[]) => markets.includes(demoCountry);
  const allTrackIds = music.tracks.map((track) => track.id);
  const playableTrackIds = music.tracks
    .filter((track) => soldToDemo(track.available_markets))
    .map((track) => track.id);
  const relinkedTrackIds = music.tracks.filter((track) => track.relinked_to !== null).map((track) => track.id);
  const strandedTrackIds = music.tracks
    .filter((track) => !soldToDemo(track.available_markets) && track.relinked_to === null)
    .map((track) => track.id);
  const showSoldToDemo = new Map(spoken.shows.map((show) => [show.id, soldToDemo(show.available_markets)]));
  const episodeIds = (isSoldToDemo: boolean) =>
    spoken.episodes
      .filter((episode) => showSoldToDemo.get(episode.show_id) === isSoldToDemo)
      .map((episode) => episode.id);
  const playableEpisodeIds = episodeIds(true);
  const foreignEpisodeIds = episodeIds(false);

  const names = distinctNames(random, PLAYLIST_FORMATS, OWN_PLAYLIST_COUNT + FOLLOWED_PLAYLIST_COUNT);
  const byDemo = () => demoUserId;
  const ownFields = (isPublic: boolean, name = names.pop()!): PlaylistFields => ({
    name,
    owner_id: demoUserId,
    public: isPublic,
    collaborative: false,
  });

  // Plays at start: every track playable for the demo user, one of them through a relinked copy.
  const firstRefs = random.sample(playableTrackIds, random.int(30, 59)).map(trackRef);
  firstRefs.splice(random.int(5, 20), 0, trackRef(random.pick(relinkedTrackIds)));

  // Every third item an episode, one of them from a show the demo user's market does not have.
  const mixedRefs = random.sample(allTrackIds, 24).map(trackRef);
  const mixedEpisodeIds = [...random.sample(playableEpisodeIds, 11), random.pick(foreignEpisodeIds)];
  mixedEpisodeIds.forEach((episodeId, place) => mixedRefs.splice(place * 3 + 1, 0, episodeRef(episodeId)));

  const hugeRefs = Array.from({ length: HUGE_PLAYLIST_LENGTH }, () => trackRef(random.pick(allTrackIds)));

  const own = [
    playlist(random, ownFields(true), firstRefs, byDemo),
    playlist(random, ownFields(true, 'Tracks and Talk'), mixedRefs, byDemo),
    playlist(random, ownFields(false, 'Ten Thousand Songs'), hugeRefs, byDemo),
  ];
  while (own.length < OWN_PLAYLIST_COUNT) {
    const refs = random.sample(allTrackIds, random.int(15, 150)).map(trackRef);
    // A track unplayable for the demo user with no copy to relink to, wherever the sample put none.
    refs.splice(random.int(0, refs.length), 0, trackRef(random.pick(strandedTrackIds)));
    own.push(playlist(random, ownFields(own.length % 4 !== 0), refs, byDemo));
  }

  const curatorFields = (collaborative: boolean): PlaylistFields => ({
    name: names.pop()!,
    owner_id: curatorId,
    // A collaborative playlist is never public on the real service.
    public: !collaborative,
    collaborative,
  });
  const followed = [
    playlist(random, curatorFields(true), random.sample(allTrackIds, 40).map(trackRef), () =>
      random.chance(0.4) ? demoUserId : curatorId,
    ),
    playlist(random, curatorFields(false), random.sample(allTrackIds, 80).map(trackRef), () => curatorId),
  ];
  return [...own, ...followed];
}
