import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import type { ListEntry, Paging, SimplifiedPlaylist } from '../../../src/api/types.js';
import { RECHECK_MS } from '../../../src/ui/list/page-loader.js';
import { sanitizeText } from '../../../src/ui/sanitize.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { PLAYLIST_COUNT } from '../../helpers/fake-playlists.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard, lastCall } from './pane-harness.js';
import { sectionPane } from './section-harness.js';
import { useFakeClock } from '../../helpers/fake-clock.js';

function renderPlaylists(api: FakeApi | ReturnType<typeof withHostileName> = createFakeApi(), isFocused = true) {
  const onOpen = vi.fn<(playlist: SimplifiedPlaylist) => void>();
  const { pane, onStatus } = sectionPane('playlists', { isFocused, onOpenPlaylist: onOpen });
  const app = renderApp(inDashboard(api, pane));
  return { app, onOpen, onStatus };
}

/** OSC 52 (a clipboard write), a screen clear and a bell, as a hostile user could name a playlist. */
const HOSTILE_NAME = '\u001B]52;c;aGVsbG8=\u0007Mix\u001B[2J\u0007';

function withHostileName(api: FakeApi) {
  return {
    ...api,
    async getMyPlaylists(...args: Parameters<FakeApi['getMyPlaylists']>): Promise<Paging<ListEntry<SimplifiedPlaylist>>> {
      const page = await api.getMyPlaylists(...args);
      return { ...page, items: page.items.map((playlist, index) => (index === 0 ? { ...playlist, name: HOSTILE_NAME } : playlist)) };
    },
  };
}

describe('the playlists section', () => {
  it('lists the playlists with their total, the first one selected', async () => {
    const api = createFakeApi();
    const [first, second] = api.playlists();
    const { app } = renderPlaylists(api);
    const frame = await app.waitForFrame(`Playlists · ${PLAYLIST_COUNT}`);
    expect(frame).toContain(`› ${first!.name}`);
    expect(frame.split('\n').some((line) => line.includes(second!.name) && line.includes('10,000'))).toBe(true);
  });

  it('Enter opens the playlist under the cursor', async () => {
    const api = createFakeApi();
    const second = api.playlists()[1]!;
    const { app, onOpen } = renderPlaylists(api);
    await app.waitForFrame(second.name);
    await app.press('j');
    await app.waitForFrame(`› ${second.name}`);
    await app.press('enter');
    expect(onOpen).toHaveBeenCalledWith(second);
  });

  it('draws a hostile name as visible placeholders, never as escape sequences', async () => {
    // ink-testing-library keeps every frame as written (colours are off in tests): nothing may start an escape.
    const instance = render(
      inDashboard(
      withHostileName(createFakeApi()),
        sectionPane('playlists', { onOpenPlaylist: () => {} }).pane,
      ),
    );
    await vi.waitFor(() => expect(instance.lastFrame()).toContain('Mix'));
    expect(instance.lastFrame()).toContain(sanitizeText(HOSTILE_NAME));
    expect(sanitizeText(HOSTILE_NAME)).toContain('␛');
    expect(instance.frames.join('')).not.toMatch(/[\u001B\u0007\u009B]/);
    instance.unmount();
  });

  it('reports a failed first load in the pane and the status line, and loads on the next check', async () => {
    useFakeClock();
    const api = createFakeApi();
    api.failNext('getMyPlaylists', { message: 'Service unavailable' });
    const { app, onStatus } = renderPlaylists(api);
    await vi.waitFor(() => expect(lastCall(onStatus)).toBe("Couldn't load playlists 1–50: Service unavailable"));
    await app.waitForFrame("Couldn't load playlists: Service unavailable");
    vi.advanceTimersByTime(RECHECK_MS);
    await app.waitForFrame(api.playlists()[0]!.name);
    expect(lastCall(onStatus)).toBeNull();
    vi.useRealTimers();
  });
});
