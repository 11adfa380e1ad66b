import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from '../../../src/keys/bindings.js';
import { DEFAULT_CONFIG, type Config } from '../../../src/config/schema.js';
import { App } from '../../../src/ui/app/App.js';
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

  it('add to the queue with a remapped key, in a playlist\'s items and in a show\'s episodes, and not with a any more', async () => {
    const { api, app } = await mount(withKeys({ addToQueue: ['Q'] }));
    await app.press('enter');
    await app.waitForFrame(/› +1 /);
    await app.press('a', 'j');
    await app.waitForFrame(/› +2 /);
    expect(api.callsTo('addToQueue')).toHaveLength(0);
    await app.press('Q');
    await app.waitForFrame((frame) => statusLine(frame).includes('added to the queue'));
    // A lone 3 in a playlist's items waits for a key to count for before it jumps.
    await app.press('3');
    await app.waitForFrame('[3 Saved shows]');
    await app.press('enter');
    const episode = api.catalog.savedShows[0]!.show;
    await app.waitForFrame(`${episode.name} · `);
    await app.waitForFrame(/› \d{4}-\d\d-\d\d/);
    await app.press('a', 'Q');
    await app.waitForFrame(() => api.callsTo('addToQueue').length === 2);
  });

  it('move the cursor in the devices list with a remapped down key, and not with j any more', async () => {
    const { api, app } = await mount(withKeys({ down: ['x'] }));
    await app.press('d');
    await app.waitForFrame('Kitchen speaker');
    // j is nothing now: Enter on the device playing closes the list.
    await app.press('j', 'enter');
    await app.waitForFrame((frame) => !frame.includes('Enter plays there'));
    expect(api.callsTo('transferPlayback')).toHaveLength(0);
    await app.press('d');
    await app.waitForFrame('↑/x choose · Enter plays there · Esc closes');
    await app.press('x', 'enter');
    await app.waitForFrame((frame) => statusLine(frame).includes('playing on Kitchen speaker'));
    expect(api.callsTo('transferPlayback').map((call) => call.args[0])).toEqual(['device-2']);
  });

  it('show remapped keys on the tab line and the status line, and jump with them', async () => {
    const { app } = await mount(withKeys({ focusShows: ['S'], focusAudiobooks: ['ctrl+b'], help: ['H'], quit: ['Q', 'ctrl+c'] }));
    expect(statusLine(app.frame())).toContain('H help · Q quit');
    expect(app.frame()).toContain(' S Saved shows ');
    expect(app.frame()).toContain(' Ctrl+B Audiobooks ');
    await app.press('3');
    await app.press('S');
    await app.waitForFrame('[S Saved shows]');
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
