/** A throw-away home for the status tests and an io that records what `runStatusCommand` prints. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { StatusIo } from '../../src/status/command-line.js';

export interface StatusHome {
  dir: string;
  env: NodeJS.ProcessEnv;
  remove(): void;
}

export function createStatusHome(): StatusHome {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-status-'));
  const env: NodeJS.ProcessEnv = {
    HOME: dir,
    XDG_RUNTIME_DIR: join(dir, 'run'),
    XDG_STATE_HOME: join(dir, 'state'),
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
  };
  return { dir, env, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RecordingIo extends StatusIo {
  out(): string;
  err(): string;
}

function recorder(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

export function recordingIo(env: NodeJS.ProcessEnv, now: () => number = Date.now, isTTY = false): RecordingIo {
  const stdout = recorder();
  const stderr = recorder();
  return {
    stdout: Object.assign(stdout.stream, { isTTY }),
    stderr: stderr.stream,
    env,
    now,
    out: stdout.text,
    err: stderr.text,
  };
}
