import { imagesFor } from '../../src/service/seed/text.js';
import type { SeedAlbum, SeedArtist, SeedCatalog, SeedDiscography, SeedImage, SeedPlaylistItem, SeedTrack } from '../../src/service/seed/types.js';

/**
 * A small hand-made catalog for service tests: every market case once, with ids the tests can name.
 * Ids are 22 base-62 characters: a prefix letter and a zero-padded number.
 */
export function fixtureId(prefix: string, n: number): string {
  return prefix + String(n).padStart(22 - prefix.length, '0');
}

const BROAD = ['GB', 'US', 'DE', 'FR', 'JP', 'CA', 'IE', 'NZ', 'AU', 'SE'];
const images = (id: string): SeedImage[] => imagesFor(id);

export const ids = {
  demo: fixtureId('u', 1),
  other: fixtureId('u', 2),
  countryless: fixtureId('u', 3),
  artist: fixtureId('r', 1),
  album: fixtureId('b', 1),
  track: (n: number) => fixtureId('t', n),
  /** Only in US, no copy: unplayable for the demo user. */
  usOnlyTrack: fixtureId('t', 900),
  /** Only in US, relinked to `relinkCopy` (available in GB). */
  relinkedTrack: fixtureId('t', 901),
  relinkCopy: fixtureId('t', 902),
  show: fixtureId('s', 1),
  usOnlyShow: fixtureId('s', 2),
  episode: (n: number) => fixtureId('e', n),
  usOnlyEpisode: fixtureId('e', 200),
  audiobook: fixtureId('a', 1),
  usOnlyAudiobook: fixtureId('a', 2),
  chapter: (n: number) => fixtureId('c', n),
  usOnlyChapter: fixtureId('c', 200),
  firstPlaylist: fixtureId('p', 1),
  bigPlaylist: fixtureId('p', 2),
  mixedPlaylist: fixtureId('p', 3),
  collaborativePlaylist: fixtureId('p', 4),
  othersPlaylist: fixtureId('p', 5),
  /** The discography: Zoë Ekström, and The Harbor Lights (featured on one of her tracks). */
  discArtist: fixtureId('r', 2),
  harborArtist: fixtureId('r', 3),
  /** Zoë's album "Café Stories": Café Society, Harbor Lights (feat. The Harbor Lights), Naïve Song. */
  discAlbum: fixtureId('b', 2),
  /** The Harbor Lights' single "Harbor": "Harbor", and a more popular "Harbor" (another take). */
  single: fixtureId('b', 3),
  /** An album sold in JP only: "Tokyo Harbor". */
  regionalAlbum: fixtureId('b', 4),
  discTrack: (n: number) => fixtureId('d', n),
};

/** The discography's tracks, by their number in `ids.discTrack`. */
export const DISC_TRACKS = { cafe: 1, harborLights: 2, naive: 3, harbor: 4, tokyoHarbor: 5, harborTake: 6 } as const;

export const TRACK_COUNT = 40;
export const BIG_PLAYLIST_LENGTH = 10_000;

function trackItems(count: number, addedBy: string, pick: (index: number) => string): SeedPlaylistItem[] {
  return Array.from({ length: count }, (_, index) => ({
    type: 'track' as const,
    id: pick(index),
    added_at: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString().replace('.000', ''),
    added_by: addedBy,
  }));
}

export function fixtureCatalog(): SeedCatalog {
  const track = (id: string, markets: string[], relinkedTo: string | null = null, n = 1) => ({
    id,
    name: `Track ${id.slice(-3)}`,
    album_id: ids.album,
    artist_ids: [ids.artist],
    duration_ms: 180_000 + n * 1000,
    explicit: false,
    popularity: 50,
    track_number: n,
    disc_number: 1,
    isrc: `GBXXX24${String(n).padStart(5, '0')}`,
    available_markets: markets,
    relinked_to: relinkedTo,
  });
  const episode = (id: string, showId: string, n: number) => ({
    id,
    show_id: showId,
    name: `Episode ${n}`,
    description: `About ${n}`,
    html_description: `<p>About ${n}</p>`,
    duration_ms: 1_200_000,
    explicit: false,
    language: 'en',
    release_date: '2024-02-03',
    images: images(id),
  });
  const chapter = (id: string, audiobookId: string, n: number) => ({
    id,
    audiobook_id: audiobookId,
    chapter_number: n,
    name: `Chapter ${n}`,
    description: `Chapter ${n}`,
    html_description: `<p>Chapter ${n}</p>`,
    duration_ms: 900_000,
    explicit: false,
    release_date: '2023-05-06',
  });
  const show = (id: string, markets: string[]) => ({
    id,
    name: `Show ${id.slice(-1)}`,
    publisher: 'Fixture Media',
    description: 'A show',
    html_description: '<p>A show</p>',
    explicit: false,
    languages: ['en'],
    media_type: 'audio' as const,
    images: images(id),
    available_markets: markets,
  });
  const audiobook = (id: string, markets: string[]) => ({
    id,
    name: `Book ${id.slice(-1)}`,
    authors: ['Ann Author'],
    narrators: ['Ned Narrator'],
    publisher: 'Fixture Books',
    description: 'A book',
    html_description: '<p>A book</p>',
    edition: 'Unabridged' as const,
    explicit: false,
    languages: ['en'],
    images: images(id),
    available_markets: markets,
  });
  const regularTracks = Array.from({ length: TRACK_COUNT }, (_, index) =>
    track(ids.track(index + 1), BROAD, null, index + 1),
  );
  const episodes = [1, 2, 3].map((n) => episode(ids.episode(n), ids.show, n));
  const chapters = [1, 2, 3].map((n) => chapter(ids.chapter(n), ids.audiobook, n));

  return {
    artists: [{ id: ids.artist, name: 'Fixture Artist', genres: ['test'], popularity: 40, followers: 10, images: images(ids.artist) }],
    albums: [
      {
        id: ids.album,
        name: 'Fixture Album',
        album_type: 'album',
        artist_ids: [ids.artist],
        release_date: '2020-01-01',
        release_date_precision: 'day',
        images: images(ids.album),
        available_markets: BROAD,
        total_tracks: TRACK_COUNT,
      },
    ],
    tracks: [
      ...regularTracks,
      track(ids.usOnlyTrack, ['US']),
      track(ids.relinkedTrack, ['US'], ids.relinkCopy),
      track(ids.relinkCopy, ['GB', 'DE']),
    ],
    shows: [show(ids.show, BROAD), show(ids.usOnlyShow, ['US'])],
    episodes: [...episodes, episode(ids.usOnlyEpisode, ids.usOnlyShow, 200)],
    audiobooks: [audiobook(ids.audiobook, ['US', 'GB', 'CA', 'IE', 'NZ', 'AU']), audiobook(ids.usOnlyAudiobook, ['US'])],
    chapters: [...chapters, chapter(ids.usOnlyChapter, ids.usOnlyAudiobook, 1)],
    users: [
      { id: ids.demo, display_name: 'Demo User', country: 'GB', product: 'premium', email: 'demo@playdeck.example' },
      { id: ids.other, display_name: 'Other User', country: 'US', product: 'premium', email: 'other@playdeck.example' },
      { id: ids.countryless, display_name: 'Nowhere User', country: null, product: 'free', email: 'none@playdeck.example' },
    ],
    demo_user_id: ids.demo,
    playlists: [
      {
        id: ids.firstPlaylist,
        name: 'First',
        description: 'What plays at start',
        owner_id: ids.demo,
        public: true,
        collaborative: false,
        images: images(ids.firstPlaylist),
        items: [
          ...trackItems(5, ids.demo, (index) => ids.track(index + 1)),
          ...trackItems(1, ids.demo, () => ids.usOnlyTrack),
          ...trackItems(1, ids.demo, () => ids.relinkedTrack),
        ],
      },
      {
        id: ids.bigPlaylist,
        name: 'Ten thousand',
        description: 'Long',
        owner_id: ids.demo,
        public: false,
        collaborative: false,
        images: [],
        items: trackItems(BIG_PLAYLIST_LENGTH, ids.demo, (index) => ids.track((index % TRACK_COUNT) + 1)),
      },
      {
        id: ids.mixedPlaylist,
        name: 'Mixed',
        description: 'Tracks and episodes',
        owner_id: ids.demo,
        public: false,
        collaborative: false,
        images: [],
        items: [
          ...trackItems(1, ids.demo, () => ids.track(1)),
          { type: 'episode', id: ids.episode(1), added_at: '2024-03-01T00:00:00Z', added_by: ids.demo },
          { type: 'episode', id: ids.usOnlyEpisode, added_at: '2024-03-02T00:00:00Z', added_by: ids.demo },
        ],
      },
      {
        id: ids.collaborativePlaylist,
        name: 'Shared',
        description: 'Collaborative',
        owner_id: ids.other,
        public: false,
        collaborative: true,
        images: [],
        items: trackItems(4, ids.other, (index) => ids.track(index + 10)),
      },
      {
        id: ids.othersPlaylist,
        name: 'Theirs',
        description: 'Followed, not collaborative',
        owner_id: ids.other,
        public: true,
        collaborative: false,
        images: [],
        items: trackItems(4, ids.other, (index) => ids.track(index + 20)),
      },
    ],
    followed_playlist_ids: [ids.collaborativePlaylist, ids.othersPlaylist],
    saved_shows: [
      { user_id: ids.demo, show_id: ids.show, added_at: '2024-01-05T10:00:00Z' },
      { user_id: ids.demo, show_id: ids.usOnlyShow, added_at: '2024-01-06T10:00:00Z' },
    ],
    saved_audiobooks: [
      { user_id: ids.demo, audiobook_id: ids.audiobook, added_at: '2024-01-07T10:00:00Z' },
      { user_id: ids.demo, audiobook_id: ids.usOnlyAudiobook, added_at: '2024-01-08T10:00:00Z' },
    ],
    resume_points: [
      { user_id: ids.demo, item_id: ids.episode(1), fully_played: true, resume_position_ms: 0, played_at: '2024-01-09T10:00:00Z' },
      { user_id: ids.demo, item_id: ids.chapter(2), fully_played: false, resume_position_ms: 120_000, played_at: '2024-01-10T10:00:00Z' },
    ],
    discography: fixtureDiscography(),
    collection: {
      // Newest first.
      liked_tracks: [
        { user_id: ids.demo, item_id: ids.discTrack(DISC_TRACKS.cafe), added_at: '2024-02-04T10:00:00Z' },
        { user_id: ids.demo, item_id: ids.track(1), added_at: '2024-02-03T10:00:00Z' },
        { user_id: ids.demo, item_id: ids.usOnlyTrack, added_at: '2024-02-02T10:00:00Z' },
        { user_id: ids.demo, item_id: ids.discTrack(DISC_TRACKS.harbor), added_at: '2024-02-01T10:00:00Z' },
      ],
      saved_albums: [
        { user_id: ids.demo, item_id: ids.discAlbum, added_at: '2024-02-06T10:00:00Z' },
        { user_id: ids.demo, item_id: ids.album, added_at: '2024-02-05T10:00:00Z' },
      ],
      followed_artists: [
        { user_id: ids.demo, item_id: ids.discArtist, added_at: '2024-02-08T10:00:00Z' },
        { user_id: ids.demo, item_id: ids.artist, added_at: '2024-02-07T10:00:00Z' },
      ],
      plays: [
        { user_id: ids.demo, track_id: ids.track(2), played_at: '2024-02-10T10:04:00Z', context_uri: `playdeck:playlist:${ids.firstPlaylist}` },
        { user_id: ids.demo, track_id: ids.track(1), played_at: '2024-02-10T10:00:00Z', context_uri: `playdeck:playlist:${ids.firstPlaylist}` },
        { user_id: ids.demo, track_id: ids.discTrack(DISC_TRACKS.cafe), played_at: '2024-02-09T09:00:00Z', context_uri: `playdeck:album:${ids.discAlbum}` },
      ],
    },
  };
}

/** Two artists, three albums (one regional), five tracks with accents, a feature and a single to search for. */
function fixtureDiscography(): SeedDiscography {
  const artist = (id: string, name: string, genres: string[], popularity: number): SeedArtist => ({ id, name, genres, popularity, followers: popularity * 10, images: images(id) });
  const album = (id: string, name: string, type: SeedAlbum['album_type'], artistId: string, markets: string[], tracks: number, date: string): SeedAlbum => ({
    id, name, album_type: type, artist_ids: [artistId], release_date: date, release_date_precision: 'day', images: images(id), available_markets: markets, total_tracks: tracks,
  });
  const track = (n: number, name: string, albumId: string, artistIds: string[], number: number, popularity: number, markets: string[]): SeedTrack => ({
    id: ids.discTrack(n), name, album_id: albumId, artist_ids: artistIds, duration_ms: 200_000 + n * 1000, explicit: n === 3, popularity,
    track_number: number, disc_number: 1, isrc: `QZDSC24${String(n).padStart(7, '0')}`, available_markets: markets, relinked_to: null,
  });
  return {
    artists: [artist(ids.discArtist, 'Zoë Ekström', ['chamber pop', 'indie pop'], 70), artist(ids.harborArtist, 'The Harbor Lights', ['indie pop', 'shoegaze'], 55)],
    albums: [
      album(ids.discAlbum, 'Café Stories', 'album', ids.discArtist, BROAD, 3, '2022-03-04'),
      album(ids.single, 'Harbor', 'single', ids.harborArtist, BROAD, 2, '2023-05-06'),
      album(ids.regionalAlbum, 'Tokyo Nights', 'album', ids.harborArtist, ['JP'], 1, '2021-01-02'),
    ],
    tracks: [
      track(DISC_TRACKS.cafe, 'Café Society', ids.discAlbum, [ids.discArtist], 1, 60, BROAD),
      track(DISC_TRACKS.harborLights, 'Harbor Lights', ids.discAlbum, [ids.discArtist, ids.harborArtist], 2, 80, BROAD),
      track(DISC_TRACKS.naive, 'Naïve Song', ids.discAlbum, [ids.discArtist], 3, 40, BROAD),
      track(DISC_TRACKS.harbor, 'Harbor', ids.single, [ids.harborArtist], 1, 30, BROAD),
      track(DISC_TRACKS.tokyoHarbor, 'Tokyo Harbor', ids.regionalAlbum, [ids.harborArtist], 1, 90, ['JP']),
      track(DISC_TRACKS.harborTake, 'Harbor', ids.single, [ids.harborArtist], 2, 95, BROAD),
    ],
    album_details: [ids.album, ids.discAlbum, ids.single, ids.regionalAlbum].map((albumId, place) => ({
      album_id: albumId, label: `Fixture Records ${place + 1}`, popularity: 50 + place, upc: `00000000000${place}`,
    })),
  };
}
