import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Reads of /proc (Linux): the process tree of a pane, its CPU time and its memory. */

/** Kernel clock ticks per second: the unit of utime and stime in /proc/<pid>/stat. */
export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Stat {
  pid: number;
  parent: number;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
}

function readStat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // Gone meanwhile.
  }
  // The command name is in parentheses and may hold spaces: the fields proper start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid, parent: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is Stat => stat !== null);
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    for (const stat of stats) if (stat.parent === tree[index]) tree.push(stat.pid);
  }
  return tree;
}

/** The first process below `root` (itself included) whose command line contains `text`. */
export function findInTree(root: number, text: string): number | null {
  for (const pid of processTree(root)) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').includes(text)) return pid;
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

/** CPU seconds (user + system) used so far by each of `pids` together. */
export function cpuSeconds(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (readStat(pid)?.cpuTicks ?? 0), 0) / CLOCK_TICKS;
}

/** Resident memory now (`VmRSS`) and at its peak (`VmHWM`), in MB. */
export function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kilobytes('VmRSS') / 1024, peakRssMb: kilobytes('VmHWM') / 1024 };
}
