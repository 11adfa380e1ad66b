/** Where mpv is heard in the item it plays: its last report of `time-pos`, moved on by the clock since. */
export class Heard {
  private positionMs = 0;
  private at = 0;
  private running = false;
  /** A load or a seek was sent and mpv has not started playing since: what it reports is not yet of it. */
  settling = false;
  paused = false;

  /** The position now (ms). */
  now(now: number): number {
    return this.positionMs + (this.running ? now - this.at : 0);
  }

  /** A load or a seek to `positionMs` was sent: that is where mpv will be. */
  moving(positionMs: number, now: number): void {
    this.set(positionMs, now);
    this.settling = true;
  }

  /** mpv started playing after a load or a seek. */
  restarted(now: number): void {
    this.settling = false;
    this.set(this.now(now), now);
  }

  /** mpv reported where it plays (in the item, not its file). */
  reported(positionMs: number, now: number): void {
    this.set(positionMs, now);
  }

  /** mpv paused, or went on. */
  pausing(paused: boolean, now: number): void {
    const positionMs = this.now(now);
    this.paused = paused;
    this.set(positionMs, now);
  }

  private set(positionMs: number, now: number): void {
    this.positionMs = positionMs;
    this.at = now;
    this.running = !this.paused && !this.settling;
  }
}
