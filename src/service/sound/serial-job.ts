/**
 * An async job run one at a time, soon after whatever asked for it (a commit, an event): any number of asks
 * meanwhile make one run more, after the one under way. A run that fails ends quietly: the next ask runs afresh.
 */
export class SerialJob {
  private running = false;
  private again = false;
  private scheduled = false;
  private stopped = false;

  constructor(private readonly run: () => Promise<void>) {}

  ask(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.runAll();
    });
  }

  stop(): void {
    this.stopped = true;
  }

  private async runAll(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        await this.run();
      } while (this.again && !this.stopped);
    } catch {
      // mpv ended mid-way, say: the engine starts another, which runs afresh.
    } finally {
      this.running = false;
    }
  }
}
