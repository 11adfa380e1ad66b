/**
 * A rolling-window request counter per key (decisions §3: 30 s per token). Keeps each key's request
 * times in order and drops the ones that left the window.
 */
export class RollingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 30_000,
  ) {}

  /** Counts a request; when over the limit, the seconds until one more would be allowed. */
  take(key: string, now: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    let times = this.hits.get(key);
    if (!times) {
      times = [];
      this.hits.set(key, times);
    }
    const windowStart = now - this.windowMs;
    let expired = 0;
    while (expired < times.length && times[expired]! <= windowStart) expired++;
    if (expired > 0) times.splice(0, expired);
    if (times.length >= this.limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0]! - windowStart) / 1000)) };
    }
    times.push(now);
    return { allowed: true };
  }
}
