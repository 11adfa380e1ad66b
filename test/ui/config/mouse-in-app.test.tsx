import { describe, expect, it } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { computeLayout } from '../../../src/ui/layout.js';
import { createTerminalEvents } from '../../../src/ui/context/terminal-events.js';
import type { PointerEvent } from '../../../src/ui/app/mouse-actions.js';
import { createFakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';

/** Mouse events as the terminal reports them (0-based cells), through the App to what they do. */

const click = (column: number, row: number): PointerEvent => ({ kind: 'press', button: 'left', column, row });
const wheel = (direction: 'up' | 'down', column: number, row: number): PointerEvent => ({ kind: 'wheel', direction, column, row });

const TAB_ROW = computeLayout(120, 40).nowPlaying.height;

const focusedTitle = (frame: string): string => /┏━ ([^━┓]*)/.exec(frame)?.[1]?.trim() ?? '';

async function mount() {
  const api = createFakeApi();
  const events = createTerminalEvents();
  const app = renderApp(<App api={api} terminalEvents={events} />, { columns: 120, rows: 40 });
  const playlists = api.playlists();
  await app.waitForFrame(`› ${playlists[0]!.name}`);
  // Rows of the frame: Now playing from 0, then the tab line, the library's border, its first list row.
  const rowOf = (index: number): number => TAB_ROW + 2 + index;
  return { api, app, events, playlists, rowOf };
}

describe('the mouse on the dashboard', () => {
  it('puts the cursor on the row clicked', async () => {
    const { app, events, playlists, rowOf } = await mount();
    events.pointer(click(10, rowOf(3)));
    await app.waitForFrame(`› ${playlists[3]!.name}`);
  });

  it('scrolls the list under the pointer by three rows with the wheel', async () => {
    const { app, events, playlists, rowOf } = await mount();
    events.pointer(wheel('down', 10, rowOf(0)));
    await app.waitForFrame(`› ${playlists[3]!.name}`);
  });

  it('focuses Now playing and switches tabs on a click', async () => {
    const { app, events } = await mount();
    events.pointer(click(10, 2));
    await app.waitForFrame((frame) => focusedTitle(frame).includes('Now playing'));
    // The tab line: ` 2 Playlists ` then ` 3 Saved shows `.
    events.pointer(click(16, TAB_ROW));
    await app.waitForFrame((frame) => focusedTitle(frame).includes('Saved shows'));
  });

  it('opens a playlist on a double-click, as Enter does', async () => {
    const { app, events, playlists, rowOf } = await mount();
    events.pointer(click(10, rowOf(1)));
    events.pointer(click(10, rowOf(1)));
    await app.waitForFrame(`${playlists[1]!.name} · `);
  });

  it('ignores clicks outside any pane and other buttons', async () => {
    const { app, events, playlists, rowOf } = await mount();
    events.pointer({ kind: 'press', button: 'right', column: 10, row: rowOf(2) });
    events.pointer(click(10, 39));
    events.pointer(click(10, rowOf(1)));
    await app.waitForFrame(`› ${playlists[1]!.name}`);
    expect(app.frame()).not.toContain(`› ${playlists[2]!.name}`);
  });
});
