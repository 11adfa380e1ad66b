/**
 * `playdeck add` on a database file that no service serves (player-file.ts runs it under the file's write
 * lock): what plays added to the end of a playlist of the user's, as Add Items to Playlist adds it, through the
 * same store; nothing written when the playlist holds it already or cannot be changed. Which playlist is the
 * caller's to say (by name, or the one last added to), from what plays and the playlists as the API renders them.
 */
import type { ServiceContext } from './context.js';
import { trackAvailability } from './markets.js';
import type { ContextItem } from './play-context.js';
import { renderPlayback } from './render/playback.js';
import { simplifiedPlaylistJson } from './render/playlists.js';
import { NOT_WRITABLE } from './routes/playlist-write.js';

/** What plays (the player as `GET /v1/me/player` answers it, JSON, or null) and the user's playlists (a JSON array of simplified playlists). */
export interface AddChoice {
  playback: string | null;
  playlists: string;
  userId: string;
}

/**
 * Picks the playlist for what plays: its id, or throws to refuse (nothing is written then). What plays is
 * not a chapter and there is one: `add` is refused otherwise before this is asked.
 */
export type ChoosePlaylist = (choice: AddChoice) => string;

export type AddOutcome = { kind: 'added' } | { kind: 'holds' } | { kind: 'refused'; reason: string };

/** The ids a track or episode is seen as in `market`: its own, and its relinked copy's where the copy plays instead. */
function shownIds(context: ServiceContext, item: ContextItem, market: string | null): string[] {
  if (item.type !== 'track') return [item.id];
  const row = context.catalog.track(item.id);
  const copy = row?.relinkedTo ? context.catalog.track(row.relinkedTo) : null;
  return row && copy && trackAvailability(row.markets, copy.markets, market) === 'relinked' ? [item.id, copy.id] : [item.id];
}

/** Adds what plays for `userId` to the playlist `choose` picks; to be run inside a write transaction. */
export function addPlaying(context: ServiceContext, userId: string, market: string | null, origin: string, choose: ChoosePlaylist, now: number): AddOutcome {
  const current = context.playback.peek(userId, now);
  const playing = current === null ? null : context.playback.itemOf(current);
  if (current === null || playing === null) return { kind: 'refused', reason: 'nothing is playing' };
  if (playing.type === 'chapter') return { kind: 'refused', reason: "an audiobook's chapter cannot go in a playlist" };
  const playlists = context.playlists.listedBy(userId).flatMap((id) => {
    const playlist = context.playlists.get(id);
    return playlist ? [simplifiedPlaylistJson(context, playlist, origin)] : [];
  });
  const playback = renderPlayback(context, current, { market, userId, origin, acceptsEpisodes: true });
  const playlist = context.playlists.get(choose({ playback, playlists: `[${playlists.join(',')}]`, userId }));
  if (playlist === null || !context.playlists.listedBy(userId).includes(playlist.id)) return { kind: 'refused', reason: 'no such playlist' };
  if (playlist.ownerId !== userId && !playlist.collaborative) return { kind: 'refused', reason: NOT_WRITABLE };
  // Held already when an entry is seen as what plays is: the same item, or the copy a market plays instead
  // (as the API's client compares each item's uri and `linked_from`). The ids first: no catalog read for most.
  const seen = new Set(shownIds(context, playing, market));
  const entries = Array.from(playlist.order, (entryId) => playlist.entries.get(entryId)!).filter((entry) => entry.type === playing.type);
  const holds =
    entries.some((entry) => seen.has(entry.itemId)) ||
    entries.some((entry) => shownIds(context, { type: playing.type, id: entry.itemId }, market).some((id) => seen.has(id)));
  if (holds) return { kind: 'holds' };
  const result = context.playlists.add(playlist.id, [{ type: playing.type, id: playing.id }], null, userId, new Date(now));
  if (!result.ok) return { kind: 'refused', reason: result.message };
  // What is playing stays put: the player follows its entry into the new order (as the route does).
  if (result.changed) context.playback.playlistChanged(playlist, context.playlists.get(playlist.id)!, now);
  return { kind: 'added' };
}
