import { PassThrough } from 'node:stream';
import { Box, render, Text, useInput } from 'ink';
import { memo, useState } from 'react';
import { FIRST_PASS, STEADY } from './key-runs.js';
import { ObjectTerminal } from './object-terminal.js';
import { COLUMNS, ROWS } from './program.js';

/**
 * The key floor: what stock Ink costs to move a cursor one row down a windowed list, the least a list of
 * 10,000 rows in a terminal can cost per `j`. A list windowed to the terminal (only the visible rows rendered,
 * each row memoised, the window following the cursor), `j` typed into Ink's own stdin, at 120×40 on an object
 * terminal. Bundled as the program is (stock Ink, React production) by the keys section, run by the program's
 * Node; each key waits for its frame and then for 50 ms of quiet, as the key harness does. Prints one JSON line
 * (ListFloor): CPU per key of the first pass and of the steady state apart.
 */

export interface ListFloor {
  /** CPU per key (ms) of the first `FIRST_PASS` keys after the list shows, and of the next `STEADY` keys. */
  firstPassCpuMs: number;
  steadyCpuMs: number;
  /** Key to the next write to the terminal, p50, in the steady state. */
  steadyToWriteMs: number;
  writesPerKey: number;
  /** Keys that brought no write within a second (none expected). */
  missed: number;
}

const ITEMS = 10_000;
const QUIET_MS = 50;
const KEY_WAIT_MS = 1_000;
/** Rows of the list: the terminal less its last row (an Ink root as tall as the terminal repaints it all) and a heading. */
const VISIBLE = ROWS - 2;

const title = (index: number): string =>
  `${String(index + 1).padStart(5)}  ${`Song number ${index + 1}`.padEnd(40)}${`Artist ${index % 97}`.padEnd(30)}${`Album ${index % 31}`.padEnd(30)}3:${String(index % 60).padStart(2, '0')}`;

const Row = memo(function Row({ index, isCursor }: { index: number; isCursor: boolean }) {
  return <Text inverse={isCursor}>{`${isCursor ? '>' : ' '} ${title(index)}`.slice(0, COLUMNS)}</Text>;
});

function List() {
  const [cursor, setCursor] = useState(0);
  const [top, setTop] = useState(0);
  useInput((input) => {
    if (input !== 'j') return;
    const next = Math.min(ITEMS - 1, cursor + 1);
    setCursor(next);
    if (next >= top + VISIBLE) setTop(next - VISIBLE + 1);
  });
  const rows = [];
  for (let index = top; index < Math.min(ITEMS, top + VISIBLE); index++) rows.push(<Row key={index} index={index} isCursor={index === cursor} />);
  return (
    <Box flexDirection="column" width={COLUMNS} height={ROWS - 1}>
      <Text bold>{`Ten Thousand Songs · ${ITEMS.toLocaleString('en-US')} items`}</Text>
      {rows}
    </Box>
  );
}

/** A keyboard Ink reads as it reads a terminal's: raw mode, 'readable', read(). */
class Keys extends PassThrough {
  readonly isTTY = true;
  setRawMode(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const terminal = new ObjectTerminal();
const keys = new Keys();
const instance = render(<List />, {
  stdout: terminal as unknown as NodeJS.WriteStream,
  stdin: keys as unknown as NodeJS.ReadStream,
  patchConsole: false,
  exitOnCtrlC: false,
});

async function quiet(): Promise<void> {
  for (;;) {
    const idle = performance.now() - terminal.lastWriteAt;
    if (idle >= QUIET_MS) return;
    await sleep(QUIET_MS - idle);
  }
}

/** Key to the next write, or null when none came within KEY_WAIT_MS. */
async function press(): Promise<number | null> {
  await quiet();
  const pressedAt = performance.now();
  const written = new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => (terminal.off('wrote', onWrite), resolve(null)), KEY_WAIT_MS);
    const onWrite = (): void => {
      clearTimeout(timer);
      resolve(terminal.lastWriteAt - pressedAt);
    };
    terminal.once('wrote', onWrite);
  });
  keys.write('j');
  return written;
}

async function pass(count: number): Promise<{ cpuMs: number; latencies: number[]; writes: number; missed: number }> {
  await quiet();
  const writesBefore = terminal.writes;
  const before = process.cpuUsage();
  const latencies: number[] = [];
  let missed = 0;
  for (let key = 0; key < count; key++) {
    const latency = await press();
    if (latency === null) missed++;
    else latencies.push(latency);
  }
  await quiet();
  const cpu = process.cpuUsage(before);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / count, latencies, writes: terminal.writes - writesBefore, missed };
}

await quiet();
const first = await pass(FIRST_PASS);
const steady = await pass(STEADY);
instance.unmount();
const sorted = [...steady.latencies].sort((a, b) => a - b);
const floor: ListFloor = {
  firstPassCpuMs: first.cpuMs,
  steadyCpuMs: steady.cpuMs,
  steadyToWriteMs: sorted[sorted.length >> 1]!,
  writesPerKey: (first.writes + steady.writes) / (FIRST_PASS + STEADY),
  missed: first.missed + steady.missed,
};
process.stdout.write(`${JSON.stringify(floor)}\n`);
process.exit(0);
