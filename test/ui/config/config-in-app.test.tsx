import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from '../../../src/config/actions.js';
import { DEFAULT_CONFIG, type Config } from '../../../src/config/schema.js';
import { App } from '../../../src/ui/App.js';
import { createFakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';

/** The config as the App takes it: keys through the key layers, the help as configured, live changes, problems. */

const withKeys = (keys: Record<string, string[]>): Config => ({ ...DEFAULT_CONFIG, keys: { ...DEFAULT_BINDINGS, ...keys } });

const statusLine = (frame: string): string => frame.split('\n').at(-1) ?? '';

async function mount(config: Config) {
  const api = createFakeApi();
  const app = renderApp(<App api={api} config={config} />);
  const playlists = api.playlists();
  await app.waitForFrame(`› ${playlists[0]!.name}`);
  return { api, app, playlists };
}

describe('configured keys', () => {
  it('move the cursor with the remapped key; the old key no longer does', async () => {
    const { app, playlists } = await mount(withKeys({ down: ['x'] }));
    await app.press('j', 'x');
    await app.waitForFrame(`› ${playlists[1]!.name}`);
    expect(app.frame()).not.toContain(`› ${playlists[2]!.name}`);
  });

  it('keep a key still bound elsewhere working: ↓ stays on down when only j is taken away', async () => {
    const { app, playlists } = await mount(withKeys({ down: ['down'] }));
    await app.press('down');
    await app.waitForFrame(`› ${playlists[1]!.name}`);
  });

  it("move a playlist's item with a remapped move key, and not with J any more", async () => {
    const { app, playlists } = await mount(withKeys({ moveDown: ['D'] }));
    await app.press('enter');
    await app.waitForFrame(`${playlists[0]!.name} · `);
    await app.waitForFrame(/› +1 /);
    await app.press('D');
    await app.waitForFrame((frame) => statusLine(frame).includes('moved 1 item'));
    // J moved nothing: two undos find one move only.
    await app.press('J', 'u', 'u');
    await app.waitForFrame((frame) => statusLine(frame).includes('nothing to undo'));
  });

  it('shows the keys as configured in the help', async () => {
    const { app } = await mount(withKeys({ moveDown: ['D', 'ctrl+d'] }));
    await app.press('?');
    await app.waitForFrame('Help · every key');
    // Scrolled a row at a time to the reorder keys, wherever the help's height puts them.
    for (let row = 0; row < 60 && !app.frame().includes('D, Ctrl+D'); row += 1) await app.press('down');
    expect(app.frame()).toContain('D, Ctrl+D');
    expect(app.frame()).not.toMatch(/J, Shift\+↓/);
  });

  it('applies new keys while running, the cursor staying where it was', async () => {
    const { api, app, playlists } = await mount(DEFAULT_CONFIG);
    await app.press('j');
    await app.waitForFrame(`› ${playlists[1]!.name}`);
    app.rerender(<App api={api} config={withKeys({ down: ['x'] })} />);
    await app.press('x');
    await app.waitForFrame(`› ${playlists[2]!.name}`);
  });

  it('says on the status line what is wrong with a file saved with a problem', async () => {
    const { api, app } = await mount(DEFAULT_CONFIG);
    app.rerender(<App api={api} config={DEFAULT_CONFIG} configProblem="config not applied: c.toml:3: keys.up: nope" />);
    await app.waitForFrame((frame) => statusLine(frame).includes('config not applied: c.toml:3: keys.up: nope'));
  });
});
