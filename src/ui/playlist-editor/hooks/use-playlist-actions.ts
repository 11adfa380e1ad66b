import { useCallback, useMemo, useRef, useState } from 'react';
import type { Api } from '../../../api/api.js';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { useServices } from '../../app-services.js';
import { currentUser } from '../../current-user.js';
import { sanitizeText } from '../../sanitize.js';
import { NOTHING_TO_ADD, NOTHING_TO_RENAME, type AddSource, type PlaylistActions } from '../add-source.js';
import { addedText, addToPlaylist, type HeldAnswer } from '../add-to-playlist.js';
import type { EditSessions } from '../edit-sessions.js';
import { canRename, renameRefusal } from '../model/access.js';
import type { RecentPlaylists } from '../recent-playlists.js';
import { usePlaylistPicker, type PlaylistPicker } from './use-playlist-picker.js';
import { useStatusPrompt, type StatusPrompt } from './use-status-prompt.js';

export interface PlaylistActionsOptions {
  api: Api;
  sessions: EditSessions;
  recent: RecentPlaylists;
  notice(message: string): void;
  /** Opens a playlist's items (a playlist just made). */
  open(playlist: SimplifiedPlaylist): void;
}

export interface PlaylistActionsState {
  actions: PlaylistActions;
  picker: PlaylistPicker['shown'];
  prompt: StatusPrompt;
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
  // Asked when first needed (the picker, a rename), not at start: it costs a request.
  const [userId, setUserId] = useState<string | null>(null);
  const knowUser = (): Promise<string | null> => currentUser(api).then((user) => (setUserId(user?.id ?? null), user?.id ?? null));
  const prompt = useStatusPrompt();
  const recentIds = useCallback(() => latest.current.recent.list().map((entry) => entry.id), []);
  const picker = usePlaylistPicker(api, recentIds, userId, (message) => latest.current.notice(message));
  const { signals } = useServices();
  // A list of playlists shows the one made or renamed here (its section's `playlistsChanged`).
  const playlistsChanged = (): void => signals?.emit('playlistsChanged');
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());

  const ask = (question: string, answers: { y: HeldAnswer; n: HeldAnswer }): Promise<HeldAnswer> =>
    new Promise((resolve) => prompt.ask({ text: question, answers: { y: () => resolve(answers.y), n: () => resolve(answers.n) }, onEscape: () => resolve(null) }));

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
    prompt.askText({
      label: 'new playlist, its name', maxLength: NAME_MAX, enterHint: 'Enter goes on to a description', onCancel: () => {},
      onEnter: (name) => {
        if (name === '') return latest.current.notice('a playlist needs a name: N starts again');
        prompt.askText({
          label: `“${sanitizeText(name)}”, a description (optional)`, maxLength: DESCRIPTION_MAX, enterHint: 'Enter creates it', onCancel: () => {},
          onEnter: (description) => {
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
    const user = await knowUser();
    if (user !== null && !canRename(playlist, user)) return latest.current.notice(renameRefusal(playlist));
    const current = names.get(playlist.id) ?? playlist.name;
    prompt.askText({
      label: `rename “${sanitizeText(current)}” to`, initial: current, maxLength: NAME_MAX, enterHint: 'Enter renames', onCancel: () => {},
      onEnter: (name) => {
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
  const current = useRef({ addTo, create, rename, pick: picker.open });
  current.current = { addTo, create, rename, pick: picker.open };
  const actions = useMemo(
    (): PlaylistActions => ({
      add: (source) => {
        if (source === null) return latest.current.notice(NOTHING_TO_ADD);
        void knowUser();
        current.current.pick({ label: source.label, onPick: (playlist) => void current.current.addTo(source, playlist) });
      },
      create: () => current.current.create(),
      rename: (playlist) => (playlist === null ? latest.current.notice(NOTHING_TO_RENAME) : void current.current.rename(playlist)),
    }),
    [],
  );
  return { actions, picker: picker.shown, prompt, names };
}
