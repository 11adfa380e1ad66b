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

/**
 * CPU seconds of `root` and everything below it so far, the children it has already waited for included
 * (cutime + cstime): a program that starts a short-lived command each second (tmux's `#()`) pays for them.
 */
export function treeCpuWithReapedSeconds(root: number): number {
  let reaped = 0;
  try {
    const text = readFileSync(`/proc/${root}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    reaped = Number(fields[13]) + Number(fields[14]);
  } catch {
    return Number.NaN; // gone
  }
  return cpuSeconds(processTree(root)) + reaped / CLOCK_TICKS;
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

/** Resident memory of a process by kind of mapping (/proc/<pid>/smaps), in bytes. */
export interface ResidentParts {
  /** Pages of files: the node binary, the SQLite driver, the C libraries. */
  files: number;
  /** malloc's main heap (`[heap]`): SQLite's cache, V8's parser and compiler zones, ICU, Node's own. */
  mallocHeap: number;
  /** Anonymous mappings: V8's heap pages, WebAssembly memory (Yoga), malloc's large blocks, thread stacks. */
  anonymous: number;
}

export function residentParts(pid: number): ResidentParts {
  const parts: ResidentParts = { files: 0, mallocHeap: 0, anonymous: 0 };
  let kind: keyof ResidentParts = 'anonymous';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1]!;
      kind = name.startsWith('/') ? 'files' : name === '[heap]' ? 'mallocHeap' : 'anonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) parts[kind] += Number(rss[1]) * 1024;
  }
  return parts;
}
