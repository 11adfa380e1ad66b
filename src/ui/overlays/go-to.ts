import type { DetailsTarget } from '../details-target.js';
import { ACTION_NAMES, actionSpec, type ActionName, type Place } from '../../keys/actions.js';
import { keysLabel, type KeyBindings } from '../../keys/bindings.js';
import { SECTIONS, type SectionId } from '../../keys/sections.js';
import { rankFuzzy, type Ranked } from '../state/fuzzy.js';

/**
 * What `:` goes to, by part of a name: the sections, every action by its name and words, and the playlists,
 * shows, audiobooks, albums and artists loaded or found. Each entry names itself as a person reads it and
 * says what it is. Pure: the overlay ranks them as you type.
 */
export type GoToEntry =
  | { kind: 'section'; section: SectionId; name: string; note: string }
  | { kind: 'action'; action: ActionName; name: string; note: string; words: string }
  | { kind: 'target'; target: GoToTarget; uri: string; name: string; note: string };

export type GoToTarget = Extract<DetailsTarget, { kind: 'playlist' | 'show' | 'audiobook' | 'album' | 'artist' }>;

/** Places an action run from `:` can work in: the others are inside an overlay or a question. */
const RUNNABLE: readonly Place[] = ['everywhere', 'Now playing', 'lists', "a playlist's items"];
/** Actions `:` does not list: the sections stand for their focus actions, and `:` itself. */
const NOT_LISTED: readonly ActionName[] = ['goTo'];

export function sectionEntries(): GoToEntry[] {
  return SECTIONS.map(({ id, label }) => ({ kind: 'section', section: id, name: label, note: 'section' }));
}

/** `moveToTop` as words: `move to top`. */
const wordsOf = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export function actionEntries(bindings: KeyBindings): GoToEntry[] {
  return ACTION_NAMES.filter((action) => {
    const { place, command } = actionSpec(action);
    return RUNNABLE.includes(place) && command.type !== 'focus' && !NOT_LISTED.includes(action);
  }).map((action) => {
    const { description, place } = actionSpec(action);
    const where = place === 'everywhere' ? '' : ` · ${place}`;
    return { kind: 'action', action, name: description, note: `${keysLabel(action, bindings)}${where}`, words: `${wordsOf(action)}: ${description}` };
  });
}

const NOUNS: Record<GoToTarget['kind'], string> = { playlist: 'playlist', show: 'show', audiobook: 'audiobook', album: 'album', artist: 'artist' };

/** The entry of something to open, or null for what `:` does not go to (a track, an episode). */
export function targetEntry(target: DetailsTarget): GoToEntry | null {
  switch (target.kind) {
    case 'playlist':
      return { kind: 'target', target, uri: target.playlist.uri, name: target.playlist.name, note: NOUNS.playlist };
    case 'show':
      return { kind: 'target', target, uri: target.show.uri, name: target.show.name, note: NOUNS.show };
    case 'audiobook':
      return { kind: 'target', target, uri: target.audiobook.uri, name: target.audiobook.name, note: NOUNS.audiobook };
    case 'album': {
      const by = target.album.artists.map((artist) => artist.name).join(', ');
      return { kind: 'target', target, uri: target.album.uri, name: target.album.name, note: by === '' ? NOUNS.album : `album · ${by}` };
    }
    case 'artist':
      return { kind: 'target', target, uri: target.artist.uri, name: target.artist.name, note: NOUNS.artist };
    case 'track':
    case 'episode':
    case 'chapter':
      return null;
  }
}

/** Entries of targets, each URI once (the first seen), none already in `known`. */
export function targetEntries(targets: Iterable<DetailsTarget>, known: ReadonlySet<string> = new Set()): GoToEntry[] {
  const seen = new Set(known);
  const entries: GoToEntry[] = [];
  for (const target of targets) {
    const entry = targetEntry(target);
    if (entry?.kind !== 'target' || seen.has(entry.uri)) continue;
    seen.add(entry.uri);
    entries.push(entry);
  }
  return entries;
}

/** What an entry is matched by: its name (an action by its own name too: `sort`, `devices`). */
export const matchTextOf = (entry: GoToEntry): string => (entry.kind === 'action' ? entry.words : entry.name);

/** The entries that match `query`, best first (fuzzy.ts); all of them, in order, for an empty query. */
export function rankGoTo(query: string, entries: readonly GoToEntry[], limit: number): Ranked<GoToEntry>[] {
  if (query.trim() === '') return entries.slice(0, limit).map((item) => ({ item, match: { score: 0, positions: [] } }));
  return rankFuzzy(query, entries, matchTextOf, limit);
}
