import type {
  SeedAlbum,
  SeedArtist,
  SeedAudiobook,
  SeedChapter,
  SeedEpisode,
  SeedShow,
  SeedTrack,
  SeedUser,
} from '../seed/types.js';

/**
 * The JSON documents of catalog objects as the store keeps them: every field of the spec's shapes that
 * does not depend on the request. Hrefs start with ORIGIN, replaced by the request's origin when rendered;
 * market-dependent fields (`is_playable`, `restrictions`, `linked_from`) and per-user ones (`resume_point`)
 * are appended at render time.
 */
export const ORIGIN = '@@origin@@';

const API = `${ORIGIN}/v1`;

export function uriOf(type: string, id: string): string {
  return `playdeck:${type}:${id}`;
}

export function externalUrlsOf(type: string, id: string): { playdeck: string } {
  return { playdeck: `https://playdeck.example/${type}/${id}` };
}

function common(type: string, id: string, path: string) {
  return { external_urls: externalUrlsOf(type, id), href: `${API}/${path}/${id}`, id };
}

export function simplifiedArtist(artist: Pick<SeedArtist, 'id' | 'name'>) {
  return { ...common('artist', artist.id, 'artists'), name: artist.name, type: 'artist', uri: uriOf('artist', artist.id) };
}

export function fullArtist(artist: SeedArtist) {
  return {
    ...common('artist', artist.id, 'artists'),
    followers: { href: null, total: artist.followers },
    genres: artist.genres,
    images: artist.images,
    name: artist.name,
    popularity: artist.popularity,
    type: 'artist',
    uri: uriOf('artist', artist.id),
  };
}

export interface CatalogIndex {
  artists: ReadonlyMap<string, SeedArtist>;
  albums: ReadonlyMap<string, SeedAlbum>;
  shows: ReadonlyMap<string, SeedShow>;
  audiobooks: ReadonlyMap<string, SeedAudiobook>;
  episodeCounts: ReadonlyMap<string, number>;
  chapterCounts: ReadonlyMap<string, number>;
}

function artistsOf(ids: readonly string[], artists: ReadonlyMap<string, SeedArtist>): SeedArtist[] {
  return ids.flatMap((id) => {
    const artist = artists.get(id);
    return artist ? [artist] : [];
  });
}

/** The simplified album, as a track embeds it (and as lists of albums send it). */
export function albumObject(album: SeedAlbum, artists: ReadonlyMap<string, SeedArtist>) {
  return {
    album_type: album.album_type,
    total_tracks: album.total_tracks,
    available_markets: album.available_markets,
    ...common('album', album.id, 'albums'),
    images: album.images,
    name: album.name,
    release_date: album.release_date,
    release_date_precision: album.release_date_precision,
    type: 'album',
    uri: uriOf('album', album.id),
    artists: artistsOf(album.artist_ids, artists).map(simplifiedArtist),
  };
}

export function trackDocument(track: SeedTrack, index: CatalogIndex): string {
  const album = index.albums.get(track.album_id);
  if (!album) throw new Error(`Track ${track.id} names unknown album ${track.album_id}`);
  return JSON.stringify({
    album: albumObject(album, index.artists),
    artists: artistsOf(track.artist_ids, index.artists).map(fullArtist),
    available_markets: track.available_markets,
    disc_number: track.disc_number,
    duration_ms: track.duration_ms,
    explicit: track.explicit,
    external_ids: { isrc: track.isrc },
    ...common('track', track.id, 'tracks'),
    name: track.name,
    popularity: track.popularity,
    preview_url: `https://playdeck.example/preview/${track.id}.mp3`,
    track_number: track.track_number,
    type: 'track',
    uri: uriOf('track', track.id),
    is_local: false,
  });
}

export function showDocument(show: SeedShow, index: CatalogIndex): string {
  return JSON.stringify({
    available_markets: show.available_markets,
    copyrights: [],
    description: show.description,
    html_description: show.html_description,
    explicit: show.explicit,
    ...common('show', show.id, 'shows'),
    images: show.images,
    is_externally_hosted: false,
    languages: show.languages,
    media_type: show.media_type,
    name: show.name,
    publisher: show.publisher,
    type: 'show',
    uri: uriOf('show', show.id),
    total_episodes: index.episodeCounts.get(show.id) ?? 0,
  });
}

/** An episode with its (simplified) show embedded. */
export function episodeDocument(episode: SeedEpisode, showDoc: string): string {
  const fields = JSON.stringify({
    audio_preview_url: `https://playdeck.example/preview/${episode.id}.mp3`,
    description: episode.description,
    html_description: episode.html_description,
    duration_ms: episode.duration_ms,
    explicit: episode.explicit,
    ...common('episode', episode.id, 'episodes'),
    images: episode.images,
    is_externally_hosted: false,
    language: episode.language,
    languages: [episode.language],
    name: episode.name,
    release_date: episode.release_date,
    release_date_precision: 'day',
    type: 'episode',
    uri: uriOf('episode', episode.id),
  });
  return `${fields.slice(0, -1)},"show":${showDoc}}`;
}

export function audiobookDocument(audiobook: SeedAudiobook, index: CatalogIndex): string {
  return JSON.stringify({
    authors: audiobook.authors.map((name) => ({ name })),
    available_markets: audiobook.available_markets,
    copyrights: [],
    description: audiobook.description,
    html_description: audiobook.html_description,
    edition: audiobook.edition,
    explicit: audiobook.explicit,
    ...common('audiobook', audiobook.id, 'audiobooks'),
    images: audiobook.images,
    languages: audiobook.languages,
    media_type: 'audio',
    name: audiobook.name,
    narrators: audiobook.narrators.map((name) => ({ name })),
    publisher: audiobook.publisher,
    type: 'audiobook',
    uri: uriOf('audiobook', audiobook.id),
    total_chapters: index.chapterCounts.get(audiobook.id) ?? 0,
  });
}

/** A simplified chapter (no `audiobook`); the full one is composed at render time. */
export function chapterDocument(chapter: SeedChapter, audiobook: SeedAudiobook): string {
  return JSON.stringify({
    audio_preview_url: `https://playdeck.example/preview/${chapter.id}.mp3`,
    available_markets: audiobook.available_markets,
    chapter_number: chapter.chapter_number,
    description: chapter.description,
    html_description: chapter.html_description,
    duration_ms: chapter.duration_ms,
    explicit: chapter.explicit,
    ...common('chapter', chapter.id, 'chapters'),
    images: audiobook.images,
    languages: audiobook.languages,
    name: chapter.name,
    release_date: chapter.release_date,
    release_date_precision: 'day',
    // The spec's value for a chapter (decisions §8); clients tell chapters by their `audiobook`.
    type: 'episode',
    uri: uriOf('chapter', chapter.id),
  });
}

/** The user object of `added_by` and playlist owners. */
export function userDocument(user: Pick<SeedUser, 'id' | 'display_name'>, withDisplayName: boolean): object {
  return {
    external_urls: externalUrlsOf('user', user.id),
    followers: { href: null, total: 0 },
    href: `${API}/users/${user.id}`,
    id: user.id,
    type: 'user',
    uri: uriOf('user', user.id),
    ...(withDisplayName ? { display_name: user.display_name } : {}),
  };
}
