/**
 * What tells one run of a process from a later one given the same id (decisions §17): when it started (in
 * clock ticks since the machine booted) and which boot that was. Linux tells both through /proc; elsewhere
 * nothing is known, and a journal's writer is judged by its process id alone, as before.
 */
import { readFileSync, statSync } from 'node:fs';

/** A process's start and the boot it started in: `<ticks in base 36>-<the boot id's first 8 hex digits>`. */
export type ProcessLife = string;

/** The boot id's first 8 hex digits, read once; null where the system does not tell it. */
let bootId: string | null | undefined;

function currentBoot(): string | null {
  if (bootId === undefined) {
    try {
      bootId = /^[0-9a-f]{8}/.exec(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'))?.[0] ?? null;
    } catch {
      bootId = null;
    }
  }
  return bootId;
}

/** Field 22 of /proc/PID/stat (the start in clock ticks), read after the command's name, which may hold anything. */
function startTicks(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  return Number.isSafeInteger(ticks) && ticks >= 0 ? ticks : null;
}

/** The life of process `pid` now, or null when it is not running or the system cannot tell. */
export function processLife(pid: number): ProcessLife | null {
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  const boot = currentBoot();
  const ticks = boot === null ? null : startTicks(pid);
  return ticks === null ? null : `${ticks.toString(36)}-${boot}`;
}

/**
 * Epoch ms at which process `pid` started, to the second; null when unknown. Clock ticks are taken as 1/100 s,
 * what Linux gives every program (USER_HZ), and the boot time is /proc/stat's `btime`.
 */
export function processStartedAt(pid: number): number | null {
  const ticks = startTicks(pid);
  if (ticks === null) return null;
  try {
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    return Number.isSafeInteger(bootSeconds) ? bootSeconds * 1000 + ticks * 10 : null;
  } catch {
    return null;
  }
}

/** Epoch ms at which `path` was last written; null when it is not there. */
export function modifiedAt(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}
