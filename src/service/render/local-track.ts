import { localUri, nameOfKey } from '../playlist-files/locations.js';

/**
 * A playlist file's line that names no item of the catalog (decisions §21), as the real service sends a local
 * file: a track with `is_local`, no id or links, the file's name, never playable; `restrictions.reason` says
 * why (`missing`, `outside_folder`, `not_audio`, `not_a_file`). Its URI names it for a removal.
 */
export function localTrackJson(key: string, reason: string): string {
  return JSON.stringify({
    album: { album_type: null, artists: [], available_markets: [], external_urls: {}, href: null, id: null, images: [], name: '', release_date: null, release_date_precision: null, type: 'album', uri: null },
    artists: [],
    available_markets: [],
    disc_number: 0,
    duration_ms: 0,
    explicit: false,
    external_ids: {},
    external_urls: {},
    href: null,
    id: null,
    is_local: true,
    is_playable: false,
    name: nameOfKey(key),
    popularity: 0,
    preview_url: null,
    restrictions: { reason },
    track_number: 0,
    type: 'track',
    uri: localUri(key),
  });
}
