import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { createFakeApi } from '../../helpers/fake-api.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { renderApp } from '../../helpers/render.js';

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
});

async function dashboard() {
  const api = createFakeApi();
  const app = renderApp(<App api={api} />);
  await app.waitForFrame(api.playlists()[0]!.description);
  return { app, api };
}

const TAB_LINE = '[2 Playlists]';

describe('the overlays', () => {
  it('draws one at a time: a key that opens another replaces it, Esc closes it and the library shows again', async () => {
    const { app, api } = await dashboard();
    await app.press('?');
    await app.waitForFrame((frame) => frame.includes('Help · every key') && !frame.includes(TAB_LINE));
    await app.press('d');
    await app.waitForFrame((frame) => frame.includes('Devices') && !frame.includes('Help · every key'));
    await app.press('f');
    await app.waitForFrame((frame) => frame.includes('Type to search') && !frame.includes('Devices'));
    await app.press('escape');
    await app.waitForFrame((frame) => frame.includes(TAB_LINE) && frame.includes(api.playlists()[0]!.description));
  });

  it('closes on the key that opened it', async () => {
    const { app } = await dashboard();
    await app.press('d');
    await app.waitForFrame('Devices');
    await app.press('d');
    await app.waitForFrame((frame) => !frame.includes('Devices') && frame.includes(TAB_LINE));
  });
});
