import { describe, expect, it } from 'vitest';
import { isUnreadable } from '../../../src/api/list-entry.js';
import type { Album, ListEntry, SavedAlbum } from '../../../src/api/types.js';
import { albums } from '../../../src/ui/sections/albums.js';
import { artistAlbums } from '../../../src/ui/sections/artists.js';
import { createFakeApi } from '../../helpers/fake-api.js';

/** `A` on an album row (a saved album, an artist's album) adds the album's tracks, read when the playlist is picked. */
describe('A on an album', () => {
  const api = createFakeApi();
  const signal = new AbortController().signal;

  async function tracksOf(album: Album) {
    const page = await api.getAlbumTracks(album.id, { offset: 0, limit: 50 });
    return page.items.filter((entry) => !isUnreadable(entry)).map((track) => track.uri);
  }

  it('reads every track of a saved album, named by the album', async () => {
    const saved = (await api.getSavedAlbums({ offset: 0, limit: 1 })).items[0] as ListEntry<SavedAlbum>;
    if (isUnreadable(saved)) throw new Error('the fake library holds readable albums');
    const source = albums.toAdd?.(saved);
    expect(source?.kind).toBe('load');
    if (source?.kind !== 'load') return;
    expect(source.label).toContain(saved.album.name);
    const added = await source.load(api, signal);
    expect(added.map((track) => track.uri)).toEqual(await tracksOf(saved.album));
    expect(added.length).toBeGreaterThan(0);
  });

  it("reads every track of an artist's album", async () => {
    const saved = (await api.getSavedAlbums({ offset: 0, limit: 1 })).items[0] as SavedAlbum;
    const album = saved.album;
    const source = artistAlbums.toAdd?.(album);
    expect(source?.kind).toBe('load');
    if (source?.kind !== 'load') return;
    expect((await source.load(api, signal)).map((track) => track.uri)).toEqual(await tracksOf(album));
  });
});
