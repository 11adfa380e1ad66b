import { describe, expect, it } from 'vitest';
import type { SimplifiedPlaylist } from '../../../src/api/types.js';
import { pickerRows, playlistNamed } from '../../../src/ui/playlist-editor/picker.js';
import { memoryRecentPlaylists, RECENT_KEPT } from '../../../src/ui/playlist-editor/recent-playlists.js';

const me = { id: 'me', display_name: 'Me', uri: 'u:me' };
const friend = { id: 'friend', display_name: 'A Friend', uri: 'u:friend' };
const playlist = (id: string, name: string, owner = me, collaborative = false): SimplifiedPlaylist => ({
  id, name, description: '', uri: `p:${id}`, snapshot_id: 's', owner, public: true, collaborative, tracks: { href: '', total: 3 },
});
const all = [playlist('a', 'Sunday Rooftop'), playlist('b', 'Café Nights'), playlist('c', 'Sunday Ribbon', friend), playlist('d', 'Shared Sunday', friend, true)];

describe("A's picker", () => {
  it('finds playlists by every word typed, case and accents aside, recent ones first, read-only ones said so', () => {
    expect(pickerRows(all, [], 'cafe', 'me').map((row) => row.playlist.id)).toEqual(['b']);
    expect(pickerRows(all, [], 'SUN roof', 'me').map((row) => row.playlist.id)).toEqual(['a']);
    const rows = pickerRows(all, ['d', 'c'], 'sunday', 'me');
    expect(rows.map((row) => [row.playlist.id, row.isRecent, row.refusal !== null])).toEqual([
      ['d', true, false], ['c', true, true], ['a', false, false],
    ]);
    expect(rows[1]!.refusal).toBe('read-only: only A Friend and collaborators can change this playlist');
  });

  it('names the playlist of `--to`: the one so named, else the only one holding the words, else says why not', () => {
    expect(playlistNamed(all, 'sunday ribbon')).toEqual({ playlist: all[2] });
    expect(playlistNamed(all, 'roof')).toEqual({ playlist: all[0] });
    expect(playlistNamed(all, 'sunday')).toEqual({ error: '"sunday" names 3 playlists ("Sunday Rooftop", "Sunday Ribbon", "Shared Sunday"): give more of the name' });
    expect(playlistNamed(all, 'jazz')).toEqual({ error: 'no playlist is named like "jazz"' });
  });

  it('keeps the last playlists added to, most recent first, each once', () => {
    const recent = memoryRecentPlaylists();
    for (let i = 0; i < RECENT_KEPT + 3; i++) recent.remember({ id: `p${i}`, name: `P${i}` });
    recent.remember({ id: 'p5', name: 'P5' });
    expect(recent.list().map((entry) => entry.id)).toEqual(['p5', 'p12', 'p11', 'p10', 'p9', 'p8', 'p7', 'p6', 'p4', 'p3']);
  });
});
