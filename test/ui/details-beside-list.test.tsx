import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/app/App.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2025, 0, 1));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Details beside the list', () => {
  it('change in the same frame as the cursor: one frame per cursor move, never one with stale details', async () => {
    const api = createFakeApi();
    const [first, second, third] = api.playlists();
    const app = renderApp(<App api={api} />);
    await app.waitForFrame(first!.description);
    for (const playlist of [second!, third!]) {
      const frames = app.frameCount();
      await app.press('j');
      await app.waitForFrame(playlist.description);
      expect(app.frame()).toMatch(new RegExp(`› ${playlist.name}`));
      expect(app.frameCount() - frames).toBe(1);
    }
  });

  it('keep what the pane last had under its cursor while another pane has the keys', async () => {
    const api = createFakeApi();
    const [, second] = api.playlists();
    const app = renderApp(<App api={api} />);
    await app.waitForFrame(api.playlists()[0]!.description);
    await app.press('j', '1');
    await app.waitForFrame((frame) => frame.includes('┏━ 1 Now playing'));
    expect(app.frame()).toContain(second!.description);
  });
});
