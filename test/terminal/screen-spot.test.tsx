import { Box, Text, type DOMElement } from 'ink';
import { useLayoutEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { spotOf, type ScreenSpot } from '../../src/terminal/screen-spot.js';
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
