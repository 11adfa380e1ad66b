import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

/** What a terminal that does not say its size is taken to be. */
export const FALLBACK_SIZE: TerminalSize = { columns: 80, rows: 24 };

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
  return { columns: stdout.columns || FALLBACK_SIZE.columns, rows: stdout.rows || FALLBACK_SIZE.rows };
}

/** The terminal's size, updated on every resize. */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = (): void =>
      setSize((previous) => {
        const next = sizeOf(stdout);
        return next.columns === previous.columns && next.rows === previous.rows ? previous : next;
      });
    onResize();
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
