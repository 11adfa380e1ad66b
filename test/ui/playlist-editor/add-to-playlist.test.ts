import { describe, expect, it } from 'vitest';
import type { SimplifiedPlaylist, Track } from '../../../src/api/types.js';
import { addPlayingByName } from '../../../src/ui/playlist-editor/add-by-name.js';
import { addToPlaylist } from '../../../src/ui/playlist-editor/add-to-playlist.js';
import { runDedupe } from '../../../src/ui/playlist-editor/dedupe-runner.js';
import { EditSessions } from '../../../src/ui/playlist-editor/edit-sessions.js';
import { parseJournal } from '../../../src/ui/playlist-editor/model/journal-format.js';
import { memoryRecentPlaylists } from '../../../src/ui/playlist-editor/recent-playlists.js';
import { restoreJournal } from '../../../src/ui/playlist-editor/restore-journal.js';
import { UnsavedJournals, type JournalFiles } from '../../../src/ui/playlist-editor/model/unsaved-journals.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';

const SERVICE = 'http://127.0.0.1:4000/v1';

function memoryFiles() {
  const disk = new Map<string, string>();
  const files: JournalFiles = {
    write: (playlistId, chunks) => disk.set(playlistId, chunks.map((chunk) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))).join('')),
    remove: (playlistId) => disk.delete(playlistId),
    removeLeftOver: () => {},
  };
  return { disk, files };
}

async function urisOf(api: FakeApi, playlist: SimplifiedPlaylist): Promise<string[]> {
  const page = await api.getPlaylistItems(playlist.id, { offset: 0, limit: 100 });
  return page.items.map((item) => item.track?.uri ?? '');
}

const otherTrack = async (api: FakeApi, playlist: SimplifiedPlaylist): Promise<Track> => {
  const held = new Set(await urisOf(api, playlist));
  const donor = api.playlists()[5]!;
  const page = await api.getPlaylistItems(donor.id, { offset: 0, limit: 100 });
  return page.items.map((item) => item.track).find((track): track is Track => track?.type === 'track' && !held.has(track.uri))!;
};

describe('adding from elsewhere, through the playlist\'s session', () => {
  it('is journaled before anyone hears of it, saved at once at the end of the playlist, and its journal goes once saved', async () => {
    const api = createFakeApi();
    const { disk, files } = memoryFiles();
    const sessions = new EditSessions({ api, journals: new UnsavedJournals(SERVICE, files), notice: () => {} });
    const playlist = api.playlists()[3]!;
    const track = await otherTrack(api, playlist);
    // The first one to hear of the change (the save loop, which tells the dashboard it is unsaved) finds it on disk.
    let onDiskWhenShown: string | undefined;
    const unsubscribe = sessions.subscribe(() => (onDiskWhenShown ??= disk.get(playlist.id)));
    const saved = new Promise((resolve) => {
      void addToPlaylist({ api, sessions, playlist, items: [track], askAboutHeld: async () => null, onSaved: resolve, signal: new AbortController().signal });
    });
    expect(await saved).toEqual({ isSaved: true });
    unsubscribe();
    expect(parseJournal(onDiskWhenShown!).added.map((item) => item.track?.uri)).toEqual([track.uri]);
    expect((await urisOf(api, playlist)).at(-1)).toBe(track.uri);
    expect(disk.size).toBe(0);
    expect(sessions.unsaved()).toEqual([]);
  });

  it('killed before its save, the addition is restored from its journal and saved exactly once', async () => {
    const api = createFakeApi();
    const { disk, files } = memoryFiles();
    const sessions = new EditSessions({ api, journals: new UnsavedJournals(SERVICE, files), notice: () => {} });
    const playlist = api.playlists()[3]!;
    const track = await otherTrack(api, playlist);
    const before = await urisOf(api, playlist);
    api.hold('addPlaylistItems'); // the request never leaves: the dashboard is killed meanwhile
    await addToPlaylist({ api, sessions, playlist, items: [track], askAboutHeld: async () => null, onSaved: () => {}, signal: new AbortController().signal });
    const journal = parseJournal(disk.get(playlist.id)!);
    expect(journal.added.map((item) => item.track?.uri)).toEqual([track.uri]);

    const restarted = createFakeApi();
    const { resumed } = await restoreJournal(restarted, journal, true);
    const journals = new UnsavedJournals(SERVICE, memoryFiles().files);
    journals.handOver(journal, resumed);
    const next = new EditSessions({ api: restarted, journals, notice: () => {} });
    const session = next.open(playlist);
    await session.save();
    expect(await urisOf(restarted, playlist)).toEqual([...before, track.uri]);
    next.release(session);
  });
});

describe('playdeck add through the dashboard', () => {
  it('adds what plays to the playlist named, or the one last added to; refuses what it holds, a chapter, and nothing playing', async () => {
    const api = createFakeApi();
    const sessions = new EditSessions({ api, journals: null, notice: () => {} });
    const recent = memoryRecentPlaylists();
    const playlist = api.playlists()[4]!;
    const track = await otherTrack(api, playlist);
    const run = (to: string | null, item: Parameters<typeof addPlayingByName>[0]['item'] = track) =>
      addPlayingByName({ api, sessions, recent, item, to, signal: new AbortController().signal });
    expect(await run(null)).toEqual({ ok: false, reason: 'no playlist was added to yet: name one with --to NAME' });
    expect(await run(playlist.name.toUpperCase())).toEqual({ ok: true, said: `added “${track.name}” to ${playlist.name}` });
    expect(recent.list()[0]?.id).toBe(playlist.id);
    expect(await run(null)).toEqual({ ok: false, reason: `${playlist.name} holds “${track.name}” already: not added again` });
    expect(await run(null, null)).toEqual({ ok: false, reason: 'nothing is playing' });
    expect((await urisOf(api, playlist)).filter((uri) => uri === track.uri)).toHaveLength(1);
  });
});

describe('o u on a playlist whose page outran the snapshot its edit was opened with (issue 35, finding 3)', () => {
  it('A from elsewhere, then two duplicates added elsewhere, then the playlist opened and o u: the first o u removes them', async () => {
    const api = createFakeApi();
    const sessions = new EditSessions({ api, journals: null, notice: () => {} });
    // A playlist longer than the pages the pane loads first, so that o u reads the rest by identity.
    const made = await api.createPlaylist({ name: 'Long enough' });
    const tracks = api.catalog.tracks.slice(0, 130).map((track) => track.uri);
    await api.addPlaylistItems(made.id, tracks.slice(0, 100), null);
    await api.addPlaylistItems(made.id, tracks.slice(100), null);
    // The playlists as the Playlists pane listed them, and as A's picker lists them.
    const listed = api.playlists().find((playlist) => playlist.id === made.id)!;
    const donor = api.playlists()[5]!;
    const fromDonor = (await api.getPlaylistItems(donor.id, { offset: 0, limit: 1 })).items[0]!.track as Track;
    const saved = new Promise((resolve) => {
      void addToPlaylist({ api, sessions, playlist: listed, items: [fromDonor], askAboutHeld: async () => 'all', onSaved: resolve, signal: new AbortController().signal });
    });
    expect(await saved).toEqual({ isSaved: true });
    // Elsewhere: two duplicates of what the playlist holds.
    await api.addPlaylistItems(made.id, [tracks[0]!, tracks[1]!], null);

    // Opened from the list read before all that: its first page tells the true length.
    const session = sessions.open(listed);
    const { items, total } = await api.getPlaylistItems(made.id, { offset: 0, limit: 50 });
    session.store.dispatch({ type: 'page', generation: session.store.getState().generation, offset: 0, items, total });
    const said = await runDedupe({ api, session, height: 10, ask: async () => true, onStatus: () => {}, signal: new AbortController().signal });
    expect(said).toMatch(/^removed 2 duplicates/);
    expect(await session.save()).toEqual({ isSaved: true });
    const uris: string[] = [];
    for (let offset = 0; offset < 200; offset += 100) uris.push(...(await api.getPlaylistItems(made.id, { offset, limit: 100 })).items.map((item) => item.track!.uri));
    expect(uris).toEqual([...tracks, fromDonor.uri]);
    sessions.release(session);
  });
});
