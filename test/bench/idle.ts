import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round, sleep, type Figure } from './figures.js';
import { cpuSeconds, processTree } from './proc.js';
import { launchDashboard } from './program.js';

/**
 * The dashboard left alone while a track plays, at 120×40: CPU of its process tree (the embedded service runs
 * in the same process) from /proc, and what reaches the terminal, from `script -f -T` inside tmux.
 */

const PLAYING = /▶ Playing {2}\S/;

/** Bytes written to the terminal so far, and how many writes (one timing line per read of the pty). */
export function terminalOutput(output: string, timing: string): { bytes: number; writes: number } {
  const lines = readFileSync(timing, 'utf8').split('\n').filter((line) => line.trim() !== '');
  return { bytes: statSync(output).size, writes: lines.length };
}

export async function benchIdle({ warmUpMs = 5_000, windowMs = 30_000 } = {}): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-idle-'));
  const script = { output: join(dir, 'typescript'), timing: join(dir, 'timing') };
  const dashboard = launchDashboard(join(dir, 'idle.db'), { script });
  try {
    await dashboard.session.waitFor(PLAYING, 20_000);
    await sleep(warmUpMs);
    const tree = processTree(dashboard.pid());
    const cpuBefore = cpuSeconds(tree);
    const outputBefore = terminalOutput(script.output, script.timing);
    const startedAt = performance.now();
    await sleep(windowMs);
    const cpu = cpuSeconds(tree) - cpuBefore;
    const output = terminalOutput(script.output, script.timing);
    const seconds = (performance.now() - startedAt) / 1000;
    const writes = output.writes - outputBefore.writes;
    const stillPlaying = PLAYING.test(dashboard.session.capture());
    const where = `${Math.round(seconds)} s at 120×40 after ${warmUpMs / 1000} s of warm-up, a track playing, Playlists focused`;
    const note = stillPlaying ? {} : { note: 'the track was no longer playing at the end of the window' };
    return [
      {
        section: 'idle',
        name: 'CPU, whole process tree',
        value: round((cpu / seconds) * 100, 3),
        unit: '%',
        budget: { max: 0.25 },
        floor: { max: 1 },
        method: `utime+stime of the dashboard's process and its descendants (/proc/<pid>/stat), ${where}; % of one core`,
        ...note,
      },
      {
        section: 'idle',
        name: 'bytes to the terminal',
        value: round((output.bytes - outputBefore.bytes) / seconds, 1),
        unit: 'B/s',
        budget: { max: 400 },
        floor: { max: 1_000 },
        method: `growth of the typescript of script -f (a real pty in tmux), ${where}`,
        ...note,
      },
      {
        section: 'idle',
        name: 'repaints',
        value: round(writes / seconds, 2),
        unit: '/s',
        method: 'writes to the pty over the same window (lines of script -T timing)',
      },
      {
        section: 'idle',
        name: 'CPU per repaint (clock tick)',
        value: writes === 0 ? null : round((cpu * 1000) / writes, 2),
        unit: 'ms',
        budget: { max: 5 },
        method: 'CPU of the tree over the window ÷ writes to the pty; resolution 10 ms of CPU over the window',
      },
    ];
  } finally {
    dashboard.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
