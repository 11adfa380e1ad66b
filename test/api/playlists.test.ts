/** The items view's `fields` filter against the real embedded service: the same rows and details, far fewer bytes. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, staticToken } from '../../src/api/index.js';
import { PLAYLIST_ROW_FIELDS } from '../../src/api/playlists.js';
import type { PlaylistItem, SimplifiedPlaylist } from '../../src/api/types.js';
import { myPlaylists, useService } from './service-fixture.js';

const service = useService();
let api: Api;
let playlists: SimplifiedPlaylist[];

beforeAll(async () => {
  api = createApi({ baseUrl: service.current.baseUrl, tokens: staticToken(service.current.accessToken) });
  playlists = await myPlaylists(api);
});

/** Everything an entry's row, the filter, the details pane and entry identity read. */
function shown(item: PlaylistItem) {
  const playable = item.track;
  if (playable === null) return { added_at: item.added_at, playable: null };
  const { type, id, name, uri, duration_ms, explicit, is_playable, restrictions } = playable;
  const common = { added_at: item.added_at, type, id, name, uri, duration_ms, explicit, is_playable, restrictions };
  if (type === 'track') {
    const { album, artists, popularity, linked_from, is_local } = playable;
    return { ...common, album: [album.name, album.release_date], artists: artists.map((artist) => artist.name), popularity, linked_from, is_local };
  }
  const { show, release_date, resume_point, description, html_description } = playable;
  return { ...common, show: show && [show.name, show.publisher], release_date, resume_point, description, html_description };
}

async function bodyBytes(playlistId: string, fields?: string): Promise<number> {
  const query = new URLSearchParams({ offset: '0', limit: '50', additional_types: 'track,episode', ...(fields && { fields }) });
  const response = await fetch(`${service.current.baseUrl}/playlists/${playlistId}/tracks?${query}`, {
    headers: { authorization: `Bearer ${service.current.accessToken}` },
  });
  return (await response.arrayBuffer()).byteLength;
}

describe('PLAYLIST_ROW_FIELDS', () => {
  it('gives every playlist the same rows and details as whole entries, markets and episodes included', async () => {
    for (const market of [undefined, 'US']) {
      for (const playlist of playlists) {
        const page = { offset: 0, limit: 100, market };
        const whole = await api.getPlaylistItems(playlist.id, page);
        const filtered = await api.getPlaylistItems(playlist.id, { ...page, fields: PLAYLIST_ROW_FIELDS });
        expect(filtered.total).toBe(whole.total);
        expect(filtered.offset).toBe(whole.offset);
        expect(filtered.items.map(shown)).toEqual(whole.items.map(shown));
      }
    }
  });

  it('covers entries of both kinds and unplayable ones', async () => {
    const pages = await Promise.all(
      playlists.map((playlist) => api.getPlaylistItems(playlist.id, { offset: 0, limit: 100, market: 'US', fields: PLAYLIST_ROW_FIELDS })),
    );
    const playables = pages.flatMap((page) => page.items.map((item) => item.track));
    expect([...new Set(playables.map((playable) => playable?.type))].sort()).toEqual(['episode', 'track']);
    expect(playables.some((playable) => playable?.is_playable === false)).toBe(true);
  });

  it('asks the service for a small fraction of the bytes of whole entries', async () => {
    const big = playlists.find((playlist) => playlist.tracks.total === 10_000)!;
    const whole = await bodyBytes(big.id);
    const filtered = await bodyBytes(big.id, PLAYLIST_ROW_FIELDS);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered * 5).toBeLessThan(whole);
  });
});
