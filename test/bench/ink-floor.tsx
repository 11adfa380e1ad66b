import { Box, render, Text } from 'ink';
import { useEffect, useState } from 'react';
import { ObjectTerminal } from './object-terminal.js';
import { COLUMNS, ROWS } from './program.js';

/**
 * What Ink itself costs per frame at 120×40, whatever the app: a bare Ink app re-rendered 500 times with
 * (a) nothing but one changing character, (b) every row full of plain ASCII. Ink 6.8 rebuilds and
 * re-serialises the whole screen on every commit, so no app on it draws a frame for less.
 * Run as a child: `node --import tsx test/bench/ink-floor.tsx`; prints one JSON line (InkFloor).
 */

export interface InkFloor {
  /** Ink's renderTime p50, and process CPU per frame, for the nearly empty screen and the full one. */
  empty: { renderMs: number; cpuMs: number };
  full: { renderMs: number; cpuMs: number };
}

const WARM_UP = 50;
const FRAMES = 500;

function Screen({ isFull, onDone }: { isFull: boolean; onDone(): void }) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick < WARM_UP + FRAMES) setImmediate(() => setTick(tick + 1));
    else onDone();
  }, [tick, onDone]);
  const digit = String(tick % 10);
  const rows = isFull
    ? Array.from({ length: ROWS - 1 }, (_, row) => <Text key={row}>{`${String(row).padStart(4)} ${'x'.repeat(COLUMNS - 7)} ${digit}`}</Text>)
    : [<Text key={0}>{digit}</Text>];
  return (
    <Box flexDirection="column" width={COLUMNS} height={ROWS - 1}>
      {rows}
    </Box>
  );
}

function measure(isFull: boolean): Promise<{ renderMs: number; cpuMs: number }> {
  return new Promise((resolve) => {
    const times: number[] = [];
    let cpuAtWarm: NodeJS.CpuUsage | null = null;
    const onDone = (): void => {
      const cpu = process.cpuUsage(cpuAtWarm ?? undefined);
      instance.unmount();
      const sorted = times.slice(WARM_UP).sort((a, b) => a - b);
      resolve({ renderMs: sorted[sorted.length >> 1]!, cpuMs: (cpu.user + cpu.system) / 1000 / FRAMES });
    };
    const instance = render(<Screen isFull={isFull} onDone={onDone} />, {
      stdout: new ObjectTerminal() as unknown as NodeJS.WriteStream,
      debug: true,
      patchConsole: false,
      onRender: ({ renderTime }) => {
        times.push(renderTime);
        if (times.length === WARM_UP) cpuAtWarm = process.cpuUsage();
      },
    });
  });
}

const floor: InkFloor = { empty: await measure(false), full: await measure(true) };
process.stdout.write(`${JSON.stringify(floor)}\n`);
process.exit(0);
