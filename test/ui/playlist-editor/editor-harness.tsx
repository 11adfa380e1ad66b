import { vi } from 'vitest';
import { EditSessions } from '../../../src/ui/playlist-editor/edit-sessions.js';
import type { EditSession } from '../../../src/ui/playlist-editor/edit-session.js';
import { ServicesProvider } from '../../../src/ui/context/app-services.js';
import { PlaylistEditorPane } from '../../../src/ui/playlist-editor/PlaylistEditorPane.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard, paneCallbacks, settle } from '../panes/pane-harness.js';

export const WIDTH = 80;
export const HEIGHT = 30;
/** A playlist of 21 entries, all loaded with the first page. */
export const SHORT_PLAYLIST_INDEX = 3;

/** A playlist's items pane on the fake API, with every callback recorded. */
export function openPlaylist(index: number, api: FakeApi = createFakeApi()) {
  const playlist = api.playlists()[index]!;
  const callbacks = paneCallbacks();
  const onBack = vi.fn();
  /** Keys that got through the pane to the global layer. */
  const globalKeys: string[] = [];
  // The dashboard's sessions, as the app hands them down: what quitting would ask about.
  const sessions = new EditSessions({ api, journals: null, notice: () => {} });
  const editor = { sessions, actions: null, names: new Map<string, string>() };
  const app = renderApp(
    inDashboard(
      api,
      <ServicesProvider services={{ editor }}>
        <PlaylistEditorPane playlist={playlist} isFocused width={WIDTH} height={HEIGHT} onBack={onBack} {...callbacks} />
      </ServicesProvider>,
      (input) => globalKeys.push(input),
    ),
  );
  /** The session with unsaved changes, or null. */
  const unsaved = (): EditSession | null => sessions.unsaved()[0] ?? null;
  const statuses = (): (string | null)[] => callbacks.onStatus.mock.calls.map((call) => call[0]);
  return { api, playlist, app, onBack, globalKeys, sessions, unsaved, statuses, ...callbacks };
}

/** Track names of the rows on screen, top to bottom. */
export function rowNames(frame: string): string[] {
  return frame.split('\n').flatMap((line) => {
    const match = /^[│┃][› ] [ ▌+] *\d+  (.+?)(?: {2,}|[│┃])/.exec(line);
    return match ? [match[1]!] : [];
  });
}

/** The row under the cursor: its position and whether it is marked. */
export function cursorRow(frame: string): { position: number; name: string; isMarked: boolean } | null {
  const line = frame.split('\n').find((candidate) => /^[│┃]›/.test(candidate));
  const match = line === undefined ? null : /^[│┃]› ([ ▌+]) *(\d+)  (.+?)(?: {2,}|[│┃])/.exec(line);
  return match ? { position: Number(match[2]), name: match[3]!, isMarked: match[1] === '▌' } : null;
}

/** The playlist's track names in the order the (fake) service has them. */
export async function namesOnService(api: FakeApi, playlistId: string): Promise<string[]> {
  const names: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await api.getPlaylistItems(playlistId, { offset, limit: 100 });
    names.push(...page.items.map((item) => item.track?.name ?? '?'));
    if (offset + 100 >= page.total) return names;
  }
}

/** Lets timers due within `ms` fire and what they start settle (fake timers). */
export async function elapse(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

/** The short playlist opened, its first entry on screen; `names` is its order on the service. */
export async function openShort() {
  const pane = openPlaylist(SHORT_PLAYLIST_INDEX);
  const names = await namesOnService(pane.api, pane.playlist.id);
  await pane.app.waitForFrame(names[0]!);
  await settle();
  return { ...pane, names };
}
