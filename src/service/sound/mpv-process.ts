/**
 * One mpv child process and its JSON IPC (decisions §20). The IPC is a socket pair mpv inherits as fd 3
 * (`--input-ipc-client=fd://3`): no socket file anyone else could open, and when this process ends, however it
 * ends, mpv reads the end of the socket and quits, so no mpv is ever left playing behind a crashed service.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

/** How to run mpv: tests pass another program, `--ao=null` or a private PulseAudio's environment. */
export interface MpvOptions {
  /** The mpv program: a name on the PATH or a path (`mpv` unless given). */
  command?: string;
  /** Arguments after playdeck's own (a later one wins: `--ao=null`, `--ao=pulse`). */
  extraArgs?: readonly string[];
  /** mpv's environment; the service's own unless given. */
  env?: NodeJS.ProcessEnv;
}

/** An event mpv sent (`end-file`, `property-change`…), as it sent it. */
export interface MpvEvent {
  event: string;
  [field: string]: unknown;
}

/** Why the process ended: not found, or its exit code or signal and the last line it wrote on stderr. */
export interface MpvExit {
  missing: boolean;
  /** Whether it answered once: a start that fails is told from a crash. */
  answered: boolean;
  detail: string;
}

/** An mpv that answered a command with an error (`property unavailable`, `invalid parameter`…). */
export class MpvError extends Error {}

/**
 * No config (the user's mpv.conf, scripts and key bindings are for their own mpv: options there such as
 * `keep-open`, `loop-playlist` or `save-position-on-quit` would fight the player), no video, no terminal,
 * gapless, and the next file read ahead. The audio client's name is what the system's mixer shows.
 */
const ARGS = [
  '--no-config',
  '--idle=yes',
  '--no-video',
  '--no-terminal',
  '--load-scripts=no',
  '--ytdl=no',
  '--gapless-audio=yes',
  '--prefetch-playlist=yes',
  '--keep-open=no',
  '--volume-max=100',
  '--audio-client-name=playdeck',
  '--input-ipc-client=fd://3',
];

/** How long mpv has to answer its first command. */
const START_TIMEOUT_MS = 10_000;
/** How long a quit may take before the process is killed. */
const QUIT_TIMEOUT_MS = 2_000;

type Pending = { resolve(data: unknown): void; reject(error: Error): void };

export class MpvProcess {
  private readonly child: ChildProcess;
  private readonly socket: Socket;
  private readonly pending = new Map<number, Pending>();
  private nextRequestId = 1;
  private text = '';
  private lastErrorLine = '';
  private answered = false;
  private hasEnded = false;
  private readonly ended: Promise<void>;

  /** Starts mpv; `onEvent` hears its events, `onExit` once that it ended (never after `stop`'s promise). */
  constructor(
    options: MpvOptions,
    private readonly onEvent: (event: MpvEvent) => void,
    onExit: (exit: MpvExit) => void,
  ) {
    this.child = spawn(options.command ?? 'mpv', [...ARGS, ...(options.extraArgs ?? [])], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    this.socket = this.child.stdio[3] as Socket;
    this.socket.setEncoding('utf8');
    this.socket.on('data', (chunk: string) => this.read(chunk));
    this.socket.on('error', () => {}); // The exit says what happened.
    // Audio libraries write to stderr whatever mpv is told: read, kept for the reason of a failure, never shown.
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (chunk: string) => {
      const lines = chunk.split('\n').map((line) => line.trim()).filter((line) => line !== '');
      if (lines.length > 0) this.lastErrorLine = lines[lines.length - 1]!.slice(0, 200);
    });
    // Neither the child nor its pipes keep the service's process alive.
    this.child.unref();
    this.socket.unref();
    (this.child.stderr as Socket).unref();
    this.ended = new Promise((resolve) => {
      const end = (exit: MpvExit) => {
        if (this.hasEnded) return;
        this.hasEnded = true;
        for (const request of this.pending.values()) request.reject(new MpvError('mpv ended'));
        this.pending.clear();
        this.socket.destroy();
        onExit(exit);
        resolve();
      };
      this.child.on('error', (error: NodeJS.ErrnoException) => {
        end({ missing: error.code === 'ENOENT', answered: false, detail: error.code === 'ENOENT' ? 'not found' : error.message });
      });
      this.child.on('exit', (code, signal) => {
        const how = signal ? `ended by ${signal}` : `exit code ${code}`;
        end({ missing: false, answered: this.answered, detail: this.lastErrorLine ? `${how}: ${this.lastErrorLine}` : how });
      });
    });
  }

  get pid(): number | null {
    return this.child.pid ?? null;
  }

  /** Resolves once mpv answers (its version), rejects when it does not within 10 s or ended. */
  async ready(): Promise<void> {
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new MpvError('mpv did not answer in 10 s')), START_TIMEOUT_MS).unref();
    });
    await Promise.race([this.request(['get_property', 'mpv-version']), timeout]);
  }

  /** Sends a command; resolves with its `data`, rejects with mpv's error or when mpv ends first. */
  request(command: readonly unknown[]): Promise<unknown> {
    if (this.hasEnded) return Promise.reject(new MpvError('mpv ended'));
    const requestId = this.nextRequestId++;
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      this.socket.write(`${JSON.stringify({ command, request_id: requestId })}\n`);
    });
  }

  /** A command whose answer nobody waits for (an error is of no use: the events tell what happened). */
  send(command: readonly unknown[]): void {
    this.request(command).catch(() => {});
  }

  /** Asks mpv to quit, and kills it if it has not within 2 s; resolves once it ended. */
  stop(): Promise<void> {
    if (!this.hasEnded) {
      this.send(['quit']);
      this.socket.end();
      setTimeout(() => this.child.kill('SIGKILL'), QUIT_TIMEOUT_MS).unref();
    }
    return this.ended;
  }

  private read(chunk: string): void {
    this.text += chunk;
    for (let end = this.text.indexOf('\n'); end >= 0; end = this.text.indexOf('\n')) {
      const line = this.text.slice(0, end);
      this.text = this.text.slice(end + 1);
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue; // Not JSON: nothing to act on.
      }
      if (typeof message.event === 'string') this.onEvent(message as MpvEvent);
      else if (typeof message.request_id === 'number') this.answer(message);
    }
  }

  private answer(message: Record<string, unknown>): void {
    const request = this.pending.get(message.request_id as number);
    if (!request) return;
    this.pending.delete(message.request_id as number);
    this.answered = true;
    if (message.error === 'success') request.resolve(message.data);
    else request.reject(new MpvError(`mpv: ${String(message.error)}`));
  }
}
