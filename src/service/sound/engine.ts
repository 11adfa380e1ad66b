/**
 * The sound engine of a catalog read from files (decisions §20): one mpv the service owns, started with the
 * service and ended with it, started again with a back-off when it ends by itself, given up on after a few
 * tries. While mpv plays, the player's item ends when its sound ends and its position is what mpv plays
 * (follower.ts); without mpv, the clock runs silent and `soundProblem` says why in one line.
 */
import type { ServiceContext } from '../context.js';
import { DEMO_DEVICES } from '../devices.js';
import type { MediaSource } from '../media-source.js';
import { Follower } from './follower.js';
import { MpvProcess, type MpvExit, type MpvOptions } from './mpv-process.js';
import { Outputs } from './outputs.js';
import { MPV_MISSING, mpvKeptEnding, mpvNotStarting, noAudioOutput } from './problems.js';

export interface SoundOptions extends MpvOptions {
  /** The waits before each start of an mpv that ended (default 0.5, 1, 2 and 4 s); past the last, sound gives up. */
  restartDelaysMs?: readonly number[];
}

const RESTART_DELAYS_MS = [500, 1000, 2000, 4000];
/** An mpv that ran this long before it ended starts a new count of restarts. */
const STEADY_MS = 60_000;
/** How often the file playing is looked for (a file removed while it plays). */
const FILE_CHECK_MS = 5_000;

export class SoundEngine {
  private mpv: MpvProcess | null = null;
  private follower: Follower | null = null;
  private readonly outputs = new Outputs();
  private endings = 0;
  private launchedAt = 0;
  private closing = false;
  private hasStarted = false;
  private restart: NodeJS.Timeout | null = null;
  private readonly fileCheck: NodeJS.Timeout;
  private settle: (problem: string | null) => void = () => {};
  /** Resolves once mpv answered (null) or sound cannot be had (the one line of `soundProblem`). */
  readonly started: Promise<string | null>;

  constructor(
    private readonly context: ServiceContext,
    private readonly media: MediaSource,
    private readonly userId: string,
    private readonly options: SoundOptions,
    private readonly log: (line: string) => void,
  ) {
    this.started = new Promise((resolve) => {
      this.settle = (problem) => {
        this.settle = () => {};
        resolve(problem);
      };
    });
    this.fileCheck = setInterval(() => this.follower?.checkFile(), FILE_CHECK_MS).unref();
    this.launch();
  }

  /** mpv's process id while it runs (tests and the bench watch it). */
  get pid(): number | null {
    return this.mpv?.pid ?? null;
  }

  /** Where mpv plays in the item now (ms), as last heard; null when it plays nothing. */
  positionNow(): number | null {
    return this.follower?.positionNow(this.context.now()) ?? null;
  }

  /** The item mpv plays (`keyOf` its state) and where in it, asked of mpv now (ms); null when it plays nothing. */
  async asked(): Promise<{ key: string; positionMs: number } | null> {
    return (await this.follower?.asked()) ?? null;
  }

  /** Pauses the player where it is heard and ends mpv; resolves once it ended. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.fileCheck);
    if (this.restart) clearTimeout(this.restart);
    const now = this.context.now();
    // The sound stops with the service: the player is left paused where it was heard, to go on from there.
    if (this.follower && this.context.playback.peek(this.userId, now)?.state.isPlaying) {
      this.context.playback.command(this.userId, { kind: 'pause' }, now);
    }
    this.unfollow();
    this.settle(null);
    await this.mpv?.stop();
  }

  private launch(): void {
    this.launchedAt = this.context.now();
    const mpv = new MpvProcess(this.options, (event) => this.follower?.handle(event), (exit) => this.exited(mpv, exit));
    this.mpv = mpv;
    mpv.ready().then(
      () => this.follow(mpv),
      () => void mpv.stop(), // Its exit says why.
    );
  }

  private follow(mpv: MpvProcess): void {
    if (this.mpv !== mpv || this.closing) return;
    const { context } = this;
    const now = context.now();
    if (!this.hasStarted) {
      // The sound never starts by itself: a player left playing (a crash, the demo's start) waits for a command.
      this.hasStarted = true;
      if (context.playback.peek(this.userId, now)?.state.isPlaying) context.playback.command(this.userId, { kind: 'pause' }, now);
    }
    this.follower = new Follower(mpv, {
      playback: context.playback,
      media: this.media,
      outputs: this.outputs,
      userId: this.userId,
      now: context.now,
      noOutput: (detail) => {
        const problem = noAudioOutput(detail);
        if (context.soundProblem !== problem) this.log(`playdeck sound: ${problem}`);
        context.soundProblem = problem;
      },
      heard: () => {
        context.soundProblem = null;
      },
      // Started once its outputs are known: they are the devices.
      listed: () => this.settle(null),
    });
    context.playback.durations.sound = this.follower;
    context.playback.devices = this.outputs;
    context.soundProblem = null;
    this.follower.mirror();
  }

  private unfollow(): void {
    this.follower?.stop();
    this.follower = null;
    this.context.playback.durations.sound = null;
    this.context.playback.devices = DEMO_DEVICES;
  }

  private exited(mpv: MpvProcess, exit: MpvExit): void {
    if (this.mpv !== mpv) return;
    this.mpv = null;
    this.unfollow();
    if (this.closing) return;
    if (exit.missing) return this.giveUp(MPV_MISSING);
    if (this.context.now() - this.launchedAt >= STEADY_MS) this.endings = 0;
    this.endings += 1;
    const delays = this.options.restartDelaysMs ?? RESTART_DELAYS_MS;
    if (this.endings > delays.length) {
      return this.giveUp(exit.answered ? mpvKeptEnding(this.endings, exit.detail) : mpvNotStarting(exit.detail));
    }
    this.log(`playdeck sound: mpv ${exit.detail}; starting it again`);
    this.restart = setTimeout(() => {
      this.restart = null;
      this.launch();
    }, delays[this.endings - 1]).unref();
  }

  /** No sound for this run: the clock plays on silent, and the problem says why. */
  private giveUp(problem: string): void {
    this.context.soundProblem = problem;
    if (this.hasStarted) this.log(`playdeck sound: ${problem}`);
    this.settle(problem);
  }
}
