/**
 * A private PulseAudio for the tests of sound: a user-mode daemon of its own (its own runtime folder, 0700) with
 * null sinks, whose monitors are recorded with parec, so that a test hears what mpv played on a machine with no
 * sound card. It works as root too (system mode would refuse clients). Tests skip where pulseaudio or parec are
 * missing (.ci/run installs them), saying so in one line.
 */
import { spawn, type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingTools } from './system-tools.js';

export const SAMPLE_RATE = 44_100;

/** Why a private PulseAudio cannot be had here, or null when it can. */
export function missingPulseAudio(): string | null {
  return missingTools(['pulseaudio', 'parec', 'pactl'], 'pulseaudio pulseaudio-utils');
}

/** What a sink's monitor heard so far: mono samples from -1 to 1 at 44.1 kHz. */
export interface Recording {
  samples(): Float32Array;
  stop(): void;
}

export interface PulseAudio {
  /** The environment a client of this daemon runs in (mpv, parec). */
  env: NodeJS.ProcessEnv;
  record(sink: string): Recording;
  close(): void;
}

/** Starts a daemon with a null sink of each name; resolves once it answers. */
export async function startPulseAudio(sinks: readonly string[]): Promise<PulseAudio> {
  const folder = mkdtempSync(join(tmpdir(), 'playdeck-pulse-'));
  const socket = join(folder, 'native');
  const env = { ...process.env, HOME: folder, XDG_RUNTIME_DIR: folder, PULSE_SERVER: `unix:${socket}` };
  const modules = [`module-native-protocol-unix auth-anonymous=1 socket=${socket}`, ...sinks.map((sink) => `module-null-sink sink_name=${sink}`)];
  const daemon = spawn('pulseaudio', ['-n', '--daemonize=no', '--exit-idle-time=-1', '--use-pid-file=no', '--disable-shm=yes', ...modules.flatMap((module) => ['-L', module])], {
    env,
    stdio: 'ignore',
  });
  const recorders = new Set<ChildProcess>();
  const close = () => {
    for (const recorder of recorders) recorder.kill();
    daemon.kill();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await answering(env, daemon);
  } catch (error) {
    close();
    throw error;
  }
  return {
    env,
    record(sink) {
      const recorder = spawn('parec', ['-d', `${sink}.monitor`, '--format=s16le', `--rate=${SAMPLE_RATE}`, '--channels=1', '--latency-msec=20'], {
        env,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      recorders.add(recorder);
      const chunks: Buffer[] = [];
      recorder.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
      return {
        samples() {
          const bytes = Buffer.concat(chunks);
          const samples = new Float32Array(Math.floor(bytes.length / 2));
          for (let place = 0; place < samples.length; place++) samples[place] = bytes.readInt16LE(place * 2) / 32768;
          return samples;
        },
        stop() {
          recorder.kill();
          recorders.delete(recorder);
        },
      };
    },
    close,
  };
}

/** Waits (10 s at most) for the daemon to answer `pactl info`. */
async function answering(env: NodeJS.ProcessEnv, daemon: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (daemon.exitCode !== null) throw new Error(`pulseaudio ended (exit code ${daemon.exitCode})`);
    try {
      execFileSync('pactl', ['info'], { env, stdio: 'ignore', timeout: 2000 });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error('pulseaudio did not answer in 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
