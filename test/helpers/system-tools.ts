/**
 * The system tools some tests need (mpv, ffmpeg, PulseAudio, D-Bus, playerctl): whether they are here, and
 * the one line a test that cannot run without them leaves. .ci/run installs every one of them.
 */
import { execFileSync } from 'node:child_process';

/** Whether `command` is on the PATH. */
export function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Why the tools cannot be used here (naming the packages to install), or null when they all can. */
export function missingTools(commands: readonly string[], packages: string): string | null {
  const missing = commands.filter((command) => !has(command));
  return missing.length === 0 ? null : `${missing.join(' and ')} not installed (apt-get install ${packages})`;
}

/** Said once where the tools are missing: the one line a skipped test leaves. */
export function sayWhySkipped(suite: string, why: string | null): void {
  if (why !== null) process.stderr.write(`skipped: ${suite}: ${why}\n`);
}
