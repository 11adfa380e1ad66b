import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/app/App.js';
import { ACTION_NAMES } from '../../src/keys/actions.js';
import { DEFAULT_BINDINGS, keysLabel } from '../../src/keys/bindings.js';
import { helpRows } from '../../src/ui/keys/help-rows.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { renderApp, type RenderedApp } from '../helpers/render.js';

/** The table rows on screen, as "key | action | where". */
function tableRows(frame: string): string[] {
  return frame
    .split('\n')
    .filter((line) => /^┃\s*│.*│.*│.*│\s*┃$/.test(line))
    .map((line) => line.replace(/^[┃\s]*│|│[\s┃]*$/g, '').split('│').map((cell) => cell.trim()).join(' | '));
}

/** Every row of the help, scrolling to its end. */
async function readAllRows(app: RenderedApp): Promise<string[]> {
  const seen = new Set<string>();
  for (let page = 0; page < 20; page++) {
    const before = seen.size;
    for (const row of tableRows(app.frame())) seen.add(row);
    if (page > 0 && seen.size === before) break;
    await app.press('pagedown');
  }
  return [...seen];
}

async function openHelp(columns = 120, rows = 40): Promise<RenderedApp> {
  const api = createFakeApi();
  const app = renderApp(<App api={api} />, { columns, rows });
  await app.waitForFrame(api.playlists()[0]!.description);
  await app.press('?');
  await app.waitForFrame('Help · every key');
  return app;
}

describe('help', () => {
  it('lists every action of the table', () => {
    const keys = helpRows(DEFAULT_BINDINGS).map((row) => row.Key);
    expect(keys).toEqual(expect.arrayContaining(ACTION_NAMES.map((action) => keysLabel(action, DEFAULT_BINDINGS))));
    expect(new Set(helpRows(DEFAULT_BINDINGS).map((row) => row.Action)).size).toBe(helpRows(DEFAULT_BINDINGS).length);
  });

  it.each([
    [120, 40],
    [80, 24],
  ])('shows them all at %i×%i, quit included, scrolling where they do not fit', async (columns, rows) => {
    const app = await openHelp(columns, rows);
    expect(tableRows(app.frame())[0]).toBe('Key | Action | Where');
    const shown = await readAllRows(app);
    expect(shown.some((row) => /^q, Ctrl\+C \| quit \(asks/.test(row))).toBe(true);
    for (const { Key, Where } of helpRows(DEFAULT_BINDINGS)) {
      expect(shown.some((row) => row.startsWith(`${Key} |`) && row.endsWith(`| ${Where}`))).toBe(true);
    }
    expect(Math.max(...app.frame().split('\n').map((line) => stringWidth(line)))).toBeLessThanOrEqual(columns);
  });

  it('closes with Esc or ?, and holds the focus still while open', async () => {
    const app = await openHelp();
    await app.press('tab', '3');
    await app.press('escape');
    await app.waitForFrame((frame) => !frame.includes('every key') && frame.includes('[2 Playlists]'));
    await app.press('?');
    await app.waitForFrame('Help · every key');
    await app.press('?');
    await app.waitForFrame((frame) => !frame.includes('every key'));
  });
});
