import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../../src/ui/context/app-services.js';
import { usePlayback } from '../../../src/ui/hooks/use-playback.js';
import { SectionList } from '../../../src/ui/list/SectionList.js';
import type { ListView } from '../../../src/ui/sections/types.js';
import { Signals, type Reread } from '../../../src/ui/signals.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard, settle } from '../panes/pane-harness.js';

/**
 * A reread is one word in the definition of the list that wants it (sections/types.ts, `rereadOn`): the
 * signals come from one store (signals.ts), whatever emits them.
 */

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2025, 0, 1));
});
afterEach(() => vi.useRealTimers());

/** A list read whole, its title counting its reads, that reads again on `rereadOn`. */
function countingView(name: string, rereadOn: readonly Reread[]) {
  let reads = 0;
  const view: ListView<string> = {
    kind: 'list', sourceKey: () => name, label: name, title: () => `${name} read ${reads}`, emptyText: 'None.',
    source: { readAll: async () => [`${name} row ${++reads}`] }, rereadOn,
    row: (item, width) => item.padEnd(width).slice(0, width), match: (item) => item.toLowerCase(), details: () => null, open: null, play: null, likes: null,
  };
  return { view, reads: () => reads };
}

const LIST_PROPS = { width: 40, height: 6, details: { width: 0, height: 0 }, onStatus: () => {}, onDrill: () => {}, onOpenPlaylist: () => {} };

/** What the player's polls tell (use-playback.ts), beside two lists. */
function Player({ api }: { api: FakeApi }) {
  usePlayback(api, () => {});
  return null;
}

describe('a list reads itself again on the words its definition declares', () => {
  it('one declaring itemChanged reads again when the player tells another item plays; one declaring nothing does not', async () => {
    const api = createFakeApi();
    const signals = new Signals();
    const follows = countingView('follows', ['itemChanged']);
    const still = countingView('still', []);
    const app = renderApp(
      inDashboard(
        api,
        <ServicesProvider services={{ signals }}>
          <Player api={api} />
          <SectionList {...LIST_PROPS} view={follows.view} parent={undefined} isTabShown isFocused />
          <SectionList {...LIST_PROPS} view={still.view} parent={undefined} isTabShown isFocused={false} />
        </ServicesProvider>,
      ),
    );
    await app.waitForFrame((frame) => frame.includes('follows row 1') && frame.includes('still row 1'));
    // The same item polled again changes nothing.
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    expect(follows.reads()).toBe(1);

    api.updatePlayback({ item: api.catalog.tracks[3]!, progress_ms: 0 });
    await vi.advanceTimersByTimeAsync(5_000);
    await app.waitForFrame('follows row 2');
    expect(still.reads()).toBe(1);
  });

  it('a signal heard while its tab is hidden reads it when the tab comes up, once', async () => {
    const api = createFakeApi();
    const signals = new Signals();
    const playlists = countingView('mine', ['playlistsChanged']);
    const at = (isTabShown: boolean) =>
      inDashboard(
        api,
        <ServicesProvider services={{ signals }}>
          <SectionList {...LIST_PROPS} view={playlists.view} parent={undefined} isTabShown={isTabShown} isFocused={isTabShown} />
        </ServicesProvider>,
      );
    const app = renderApp(at(true));
    await app.waitForFrame('mine row 1');
    app.rerender(at(false));
    signals.emit('playlistsChanged');
    signals.emit('playlistsChanged');
    await settle();
    expect(playlists.reads()).toBe(1);
    app.rerender(at(true));
    await app.waitForFrame('mine row 2');
    await settle();
    expect(playlists.reads()).toBe(2);
    // Shown, a signal reads it at once; one it does not declare, never.
    signals.emit('libraryChanged');
    signals.emit('playlistsChanged');
    await app.waitForFrame('mine row 3');
    await settle();
    expect(playlists.reads()).toBe(3);
  });
});
