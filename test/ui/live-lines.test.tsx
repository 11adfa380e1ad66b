import { Box, Text, type DOMElement } from 'ink';
import { useLayoutEffect, useRef } from 'react';
import stripAnsi from 'strip-ansi';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/App.js';
import { spotOf, type LiveLines, type ScreenSpot } from '../../src/ui/live-lines.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

/** Hands its marked box to `found` after each render, Ink's layout of it computed. */
function Marked({ found, children }: { found: (element: DOMElement) => void; children: (ref: React.RefObject<DOMElement | null>) => React.ReactNode }) {
  const ref = useRef<DOMElement>(null);
  useLayoutEffect(() => found(ref.current!));
  return <>{children(ref)}</>;
}

function spotIn(tree: (ref: React.RefObject<DOMElement | null>) => React.ReactNode): { spot: ScreenSpot | null; frame: string } {
  let element: DOMElement | undefined;
  const app = renderApp(<Marked found={(found) => (element = found)}>{tree}</Marked>, { columns: 30, rows: 8 });
  return { spot: spotOf(element!), frame: app.frame() };
}

describe('spotOf', () => {
  it('finds a box where Ink draws it, through borders, padding and siblings', () => {
    const { spot, frame } = spotIn((ref) => (
      <Box flexDirection="column" borderStyle="single" paddingX={2} width={20}>
        <Text>first</Text>
        <Box>
          <Text>ab</Text>
          <Box ref={ref} width={4}>
            <Text>MARK</Text>
          </Box>
        </Box>
      </Box>
    ));
    const row = frame.split('\n').findIndex((line) => line.includes('MARK'));
    expect(spot).toEqual({ row, column: frame.split('\n')[row]!.indexOf('MARK'), width: 4 });
    expect(spot).toEqual({ row: 2, column: 5, width: 4 });
  });

  it('is null where a box hiding its overflow cuts the element off, or it is not displayed', () => {
    const clipped = spotIn((ref) => (
      <Box flexDirection="column" height={2} overflowY="hidden">
        <Box flexShrink={0} height={1}>
          <Text>one</Text>
        </Box>
        <Box flexShrink={0} height={1}>
          <Text>two</Text>
        </Box>
        <Box ref={ref} flexShrink={0} width={3} height={1} />
      </Box>
    ));
    expect(clipped.spot).toBeNull();
    const hidden = spotIn((ref) => (
      <Box display="none">
        <Box ref={ref} width={3} height={1} />
      </Box>
    ));
    expect(hidden.spot).toBeNull();
  });
});

describe('the clock on a terminal', () => {
  beforeEach(() => {
    useFakeClock();
    vi.setSystemTime(Date.UTC(2025, 0, 1));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws its seconds as live lines over a blank spot: no frame while only time passes', async () => {
    const api = createFakeApi();
    const drawn: { text: string; spot: ScreenSpot | null }[] = [];
    const hide = vi.fn();
    const live: LiveLines = { show: (_owner, locate, text) => drawn.push({ text: stripAnsi(text), spot: locate() }), hide };
    const app = renderApp(<App api={api} liveLines={live} />);
    await app.waitForFrame(api.playlists()[0]!.description);
    const frames = app.frameCount();
    const before = drawn.length;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(app.frameCount()).toBe(frames);
    expect(drawn.slice(before).map(({ text }) => text.split(' ')[0])).toEqual(['0:31', '0:32', '0:33']);
    const { text, spot } = drawn.at(-1)!;
    expect(text).toMatch(/^0:33 ━+─+ \d:\d\d$/);
    expect(spot).toEqual({ row: 4, column: 2, width: text.length });
    const row = app.frame().split('\n')[4]!;
    expect(row.slice(spot!.column, spot!.column + spot!.width).trim()).toBe('');
    expect([row[spot!.column - 2], row[spot!.column + spot!.width + 1]]).toEqual(['│', '│']);
    app.unmount();
    expect(hide).toHaveBeenCalled();
  });
});
