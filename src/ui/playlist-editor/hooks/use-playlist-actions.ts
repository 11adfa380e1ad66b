import { useMemo, useRef, useState } from 'react';
import type { Api } from '../../../api/api.js';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { useServices } from '../../context/app-services.js';
import { currentUser } from '../../current-user.js';
import { sanitizeText } from '../../sanitize.js';
import { NOTHING_TO_ADD, NOTHING_TO_RENAME, type AddSource, type PlaylistActions } from '../../add-source.js';
import { addedText, addToPlaylist, type HeldAnswer } from '../add-to-playlist.js';
import type { EditSessions } from '../edit-sessions.js';
import { canRename, renameRefusal } from '../model/access.js';
import type { RecentPlaylists } from '../recent-playlists.js';
import type { Picking } from './use-playlist-picker.js';
import { useStatusQuestion } from '../../prompt/use-prompt.js';

export interface PlaylistActionsOptions {
  api: Api;
  sessions: EditSessions;
  recent: RecentPlaylists;
  notice(message: string): void;
  /** Opens a playlist's items (a playlist just made). */
  open(playlist: SimplifiedPlaylist): void;
  /** Opens `A`'s picker over the library. */
  pick(picking: Picking): void;
}

export interface PlaylistActionsState {
  actions: PlaylistActions;
  /** Names given here, by playlist id, for views that show a name read before. */
  names: ReadonlyMap<string, string>;
}

const NAME_MAX = 100;
const DESCRIPTION_MAX = 300;
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).replace(/\s*\([^()]*\/[^()]*\)$/, '');

/** The question when the playlist holds some of what is added already. */
function heldQuestion(playlist: SimplifiedPlaylist, held: number, total: number, first: string): string {
  const name = sanitizeText(playlist.name);
  if (total === 1) return `${name} already holds “${first}”: add it again? y adds it, n (or Esc) does not`;
  if (held === total) return `${name} already holds all ${total}: y adds them again, n (or Esc) adds nothing`;
  return `${name} already holds ${held} of the ${total} (“${first}”…): y adds all ${total}, n adds the ${total - held} others, Esc adds nothing`;
}

/**
 * `A`, `N` and `R` wherever they are pressed: the picker and the prompts they open, and what they do.
 * An addition goes through the playlist's edit session (add-to-playlist.ts); creating and renaming are one
 * request each, shown once the service has answered.
 */
export function usePlaylistActions(options: PlaylistActionsOptions): PlaylistActionsState {
  const latest = useRef(options);
  latest.current = options;
  const { api } = options;
  const { signals } = useServices();
  // A list of playlists shows the one made or renamed here (its section's `playlistsChanged`).
  const playlistsChanged = (): void => signals?.emit('playlistsChanged');
  const { ask: askQuestion } = useStatusQuestion();
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());

  const ask = (question: string, answers: { y: HeldAnswer; n: HeldAnswer }): Promise<HeldAnswer> =>
    new Promise((resolve) => askQuestion({ kind: 'yesNo', text: question, onAnswer: (yes) => resolve(yes ? answers.y : answers.n), onCancel: () => resolve(null) }));

  const addTo = async (source: AddSource, playlist: SimplifiedPlaylist): Promise<void> => {
    const { sessions, notice } = latest.current;
    const signal = new AbortController().signal;
    try {
      notice(`adding ${source.label} to ${sanitizeText(playlist.name)}…`);
      const items = source.kind === 'items' ? source.items : await source.load(api, signal);
      if (items.length === 0) return notice(`nothing to add: ${source.label} holds no track or episode`);
      let done = '';
      const outcome = await addToPlaylist({
        api, sessions, playlist, items, signal,
        askAboutHeld: (held, total, first) => ask(heldQuestion(playlist, held, total, first), { y: 'all', n: total === held ? null : 'others' }),
        onSaved: (result) => notice(`${done} · ${result.isSaved ? 'saved' : `not saved yet: ${result.reason} (kept, tried again)`}`),
      });
      if (outcome.kind === 'nothing') return notice(outcome.reason);
      done = addedText(outcome.count, source.label, playlist);
      latest.current.recent.remember({ id: playlist.id, name: playlist.name });
      notice(`${done} · saving…`);
    } catch (error) {
      notice(`couldn't add ${source.label} to ${sanitizeText(playlist.name)}: ${reasonOf(error)}`);
    }
  };

  const create = (): void =>
    askQuestion({
      kind: 'name', label: 'new playlist, its name', maxLength: NAME_MAX, enterHint: 'Enter goes on to a description',
      onAnswer: (name) => {
        if (name === '') return latest.current.notice('a playlist needs a name: N starts again');
        askQuestion({
          kind: 'name', label: `“${sanitizeText(name)}”, a description (optional)`, maxLength: DESCRIPTION_MAX, enterHint: 'Enter creates it',
          onAnswer: (description) => {
            api.createPlaylist({ name, ...(description === '' ? {} : { description }) }).then(
              (created) => {
                latest.current.notice(`created “${sanitizeText(created.name)}”`);
                playlistsChanged();
                latest.current.open(created);
              },
              (error: unknown) => latest.current.notice(`couldn't create the playlist: ${reasonOf(error)}`),
            );
          },
        });
      },
    });

  const rename = async (playlist: SimplifiedPlaylist): Promise<void> => {
    // Asked when first needed, not at start: it costs a request.
    const user = (await currentUser(api))?.id ?? null;
    if (user !== null && !canRename(playlist, user)) return latest.current.notice(renameRefusal(playlist));
    const current = names.get(playlist.id) ?? playlist.name;
    askQuestion({
      kind: 'name', label: `rename “${sanitizeText(current)}” to`, initial: current, maxLength: NAME_MAX, enterHint: 'Enter renames',
      onAnswer: (name) => {
        if (name === '' || name === current) return latest.current.notice(name === '' ? 'a playlist needs a name: nothing renamed' : 'the name is unchanged');
        api.changePlaylistDetails(playlist.id, { name }).then(
          () => {
            setNames((before) => new Map(before).set(playlist.id, name));
            playlistsChanged();
            latest.current.notice(`renamed to “${sanitizeText(name)}”`);
          },
          (error: unknown) => latest.current.notice(`couldn't rename: ${reasonOf(error)}`),
        );
      },
    });
  };

  // The actions are one object for the dashboard's life (a key re-renders no consumer); they call this render's.
  const current = useRef({ addTo, create, rename });
  current.current = { addTo, create, rename };
  const actions = useMemo(
    (): PlaylistActions => ({
      add: (source) => {
        if (source === null) return latest.current.notice(NOTHING_TO_ADD);
        const recent = latest.current.recent.list().map((entry) => entry.id);
        latest.current.pick({ label: source.label, recent, onPick: (playlist) => void current.current.addTo(source, playlist) });
      },
      create: () => current.current.create(),
      rename: (playlist) => (playlist === null ? latest.current.notice(NOTHING_TO_RENAME) : void current.current.rename(playlist)),
    }),
    [],
  );
  return { actions, names };
}
