import type { Api } from '../../api/api.js';
import type { PlayableItem } from '../../api/types.js';
import { currentUser } from '../current-user.js';
import { sanitizeText } from '../sanitize.js';
import { addSourceOfPlaying } from '../add-source.js';
import { addedText, addToPlaylist } from './add-to-playlist.js';
import type { EditSessions } from './edit-sessions.js';
import { canEdit, readOnlyText } from './model/access.js';
import { playlistNamed, readAllPlaylists } from './picker.js';
import type { RecentPlaylists } from './recent-playlists.js';

export type AddByNameOutcome = { ok: true; said: string } | { ok: false; reason: string };

export interface AddByName {
  api: Api;
  sessions: EditSessions;
  recent: RecentPlaylists;
  /** What plays. */
  item: PlayableItem | null | undefined;
  /** Part of the playlist's name; null: the one last added to. */
  to: string | null;
  signal: AbortSignal;
}

/**
 * `playdeck add [--to NAME]` through the running dashboard: what plays, added to the playlist named (or the
 * one last added to) through its edit session, as `A` adds it; resolves once the service has it (or says why
 * not). Adding what the playlist holds already is refused: there is nobody to ask.
 */
export async function addPlayingByName(run: AddByName): Promise<AddByNameOutcome> {
  const { api, sessions, recent, to, signal } = run;
  const source = addSourceOfPlaying(run.item);
  if (source === null || source.kind !== 'items') {
    return { ok: false, reason: run.item?.type === 'chapter' ? "an audiobook's chapter cannot go in a playlist" : 'nothing is playing' };
  }
  const playlists = await readAllPlaylists(api, signal);
  let playlist;
  if (to === null) {
    const last = recent.list()[0];
    playlist = last === undefined ? undefined : playlists.find((candidate) => candidate.id === last.id);
    if (playlist === undefined) return { ok: false, reason: 'no playlist was added to yet: name one with --to NAME' };
  } else {
    const found = playlistNamed(playlists, to);
    if ('error' in found) return { ok: false, reason: found.error };
    playlist = found.playlist;
  }
  const user = await currentUser(api);
  if (!canEdit(playlist, user?.id ?? null)) return { ok: false, reason: readOnlyText(playlist) };
  const named = sanitizeText(playlist.name);
  return new Promise((resolve) => {
    void addToPlaylist({
      api, sessions, playlist, items: source.items, signal,
      askAboutHeld: async () => null,
      onSaved: (result) =>
        resolve(result.isSaved ? { ok: true, said: addedText(source.items.length, source.label, playlist) } : { ok: false, reason: `not saved yet: ${result.reason} (the dashboard tries again)` }),
    }).then(
      (outcome) => {
        if (outcome.kind === 'nothing') resolve({ ok: false, reason: `${named} holds ${source.label} already: not added again` });
        else recent.remember({ id: playlist.id, name: playlist.name });
      },
      (error: unknown) => resolve({ ok: false, reason: `couldn't add to ${named}: ${(error as Error).message}` }),
    );
  });
}
