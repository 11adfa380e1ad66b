import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round, sleep, type Figure } from './figures.js';
import { cpuSeconds, processTree } from './proc.js';
import { launchDashboard, serviceApartNote } from './program.js';

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

/** CPU seconds of the tree and what reached the terminal, read together. */
function reading(pids: number[], script: { output: string; timing: string }): { cpu: number; bytes: number; writes: number; at: number } {
  return { cpu: cpuSeconds(pids.flatMap((pid) => processTree(pid))), ...terminalOutput(script.output, script.timing), at: performance.now() };
}

/**
 * Two windows one after the other: the first 30 s after 5 s of warm-up still carry the start's tail (V8
 * compiling the code that just ran on its own threads, its memory reducer's full collections once the start's
 * allocations stop); the second, 60 s, is the dashboard as it stays all day, and is the figure the goal speaks of.
 */
export async function benchIdle({ warmUpMs = 5_000, windowMs = 30_000, steadyMs = 60_000 } = {}): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-idle-'));
  const script = { output: join(dir, 'typescript'), timing: join(dir, 'timing') };
  const dashboard = await launchDashboard(join(dir, 'idle.db'), { script });
  try {
    await dashboard.session.waitFor(PLAYING, 20_000);
    await sleep(warmUpMs);
    // The service's process too, where it runs apart (a Node that cannot load the native driver).
    const pid = [dashboard.pid(), ...(dashboard.servicePid === undefined ? [] : [dashboard.servicePid])];
    const first = reading(pid, script);
    await sleep(windowMs);
    const second = reading(pid, script);
    await sleep(steadyMs);
    const third = reading(pid, script);
    const seconds = (third.at - second.at) / 1000;
    const cpu = third.cpu - second.cpu;
    const writes = third.writes - second.writes;
    const settlingPercent = ((second.cpu - first.cpu) / ((second.at - first.at) / 1000)) * 100;
    const stillPlaying = PLAYING.test(dashboard.session.capture());
    const window = `${Math.round(seconds)} s at 120×40 from ${(warmUpMs + windowMs) / 1000} s after now playing showed, a track playing, Playlists focused`;
    const apart = serviceApartNote(dashboard);
    const notes = [...(stillPlaying ? [] : ['the track was no longer playing at the end of the window']), ...(apart ? [`${apart}: both processes counted`] : [])];
    const note = notes.length === 0 ? {} : { note: notes.join('; ') };
    return [
      {
        section: 'idle',
        name: 'CPU, whole process tree',
        value: round((cpu / seconds) * 100, 3),
        unit: '%',
        budget: { max: 0.25 },
        floor: { max: 1 },
        method: `utime+stime of the dashboard's process and its descendants (/proc/<pid>/stat), ${window}; % of one core`,
        ...note,
      },
      {
        section: 'idle',
        name: 'CPU, whole process tree, the 30 s before (settling after start)',
        value: round(settlingPercent, 3),
        unit: '%',
        method: `the same, from ${warmUpMs / 1000} s to ${(warmUpMs + windowMs) / 1000} s after now playing showed: the start's tail (background compilation, full collections once the start's allocations stop)`,
      },
      {
        section: 'idle',
        name: 'bytes to the terminal',
        value: round((third.bytes - second.bytes) / seconds, 1),
        unit: 'B/s',
        budget: { max: 400 },
        floor: { max: 1_000 },
        method: `growth of the typescript of script -f (a real pty in tmux), ${window}`,
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
