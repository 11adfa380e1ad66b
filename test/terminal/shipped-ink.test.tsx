import { Box, Text } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FastOutput from '../../src/terminal/fast-output.js';
import { App } from '../../src/ui/app/App.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

// In-process tests draw through the files the bundle puts in place of Ink's (vitest.config.ts): without that,
// Ink would build these frames with its own Output and this test would see no frame of ours.
describe('the in-process render', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("builds its frames with the program's Output, not Ink's", async () => {
    const get = vi.spyOn(FastOutput.prototype, 'get');
    const app = renderApp(
      <Box borderStyle="single" width={12}>
        <Text>shipped</Text>
      </Box>,
      { columns: 20, rows: 5 },
    );
    const frame = await app.waitForFrame('shipped');
    expect(get).toHaveBeenCalled();
    expect(get.mock.results.at(-1)?.value).toMatchObject({ output: expect.stringContaining('│shipped') });
    expect(frame).toContain('│shipped   │');
  });

  it('shows the clock of an App as live lines over the frame: its seconds move with no new frame', async () => {
    useFakeClock();
    vi.setSystemTime(Date.UTC(2025, 0, 1));
    const api = createFakeApi();
    const app = renderApp(<App api={api} />);
    await app.waitForFrame(api.playlists()[0]!.description);
    const frames = app.frameCount();
    const seconds = (): string | undefined => /(\d:\d\d) ━/.exec(app.frame())?.[1];
    const before = seconds();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(before).toMatch(/^\d:\d\d$/);
    expect(seconds()).not.toBe(before);
    expect(app.frameCount()).toBe(frames);
  });
});
