import { Box, Text } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FastOutput from '../../src/terminal/fast-output.js';
import { renderApp } from '../helpers/render.js';

// In-process tests draw through the files the bundle puts in place of Ink's (vitest.config.ts): without that,
// Ink would build these frames with its own Output and this test would see no frame of ours.
describe('the in-process render', () => {
  afterEach(() => {
    vi.restoreAllMocks();
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
});
