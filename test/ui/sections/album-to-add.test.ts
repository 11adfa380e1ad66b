import { describe, expect, it } from 'vitest';
import { isUnreadable } from '../../../src/api/list-entry.js';
import type { Album } from '../../../src/api/types.js';
import type { SavedAlbum } from '../../../src/api/library-types.js';
import { addSourceOfTarget } from '../../../src/ui/add-source.js';
import { albums } from '../../../src/ui/sections/albums.js';
import { createFakeApi } from '../../helpers/fake-api.js';

/** `A` on an album row (a saved album, an artist's album, one found) adds the album's tracks, read once the playlist is picked. */
describe('A on an album', () => {
  const api = createFakeApi();
  const signal = new AbortController().signal;

  async function tracksOf(album: Album) {
    const page = await api.getAlbumTracks(album.id, { offset: 0, limit: 50 });
    return page.items.flatMap((entry) => (isUnreadable(entry) ? [] : [entry.uri]));
  }

  it('reads every track of the album its details name, and names the album', async () => {
    const saved = (await api.getSavedAlbums({ offset: 0, limit: 1 })).items[0] as SavedAlbum;
    const source = addSourceOfTarget(albums.details(saved));
    expect(source?.kind).toBe('load');
    if (source?.kind !== 'load') return;
    expect(source.label).toContain(saved.album.name);
    const added = await source.load(api, signal);
    expect(added.length).toBeGreaterThan(0);
    expect(added.map((track) => track.uri)).toEqual(await tracksOf(saved.album));
  });

  it('has nothing to add for an artist', async () => {
    const artist = await api.getArtist(api.catalog.tracks[0]!.artists[0]!.id);
    expect(addSourceOfTarget({ kind: 'artist', artist })).toBeNull();
  });
});
