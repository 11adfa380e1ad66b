/**
 * A rolling-window request counter per key (decisions §3: 30 s per token; the OAuth endpoints count per client
 * address). Keeps each key's request times in order and drops the ones that left the window. Its memory is
 * bounded: a key idle for a whole window is forgotten (swept at most once a window), and past `maxKeys` keys
 * the oldest is forgotten first, so a stream of new keys cannot grow it.
 */
export class RollingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private sweptAt = -Infinity;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 30_000,
    private readonly maxKeys = 10_000,
  ) {}

  /** How many keys are remembered now. */
  get size(): number {
    return this.hits.size;
  }

  /** Counts a request; when over the limit, the seconds until one more would be allowed. */
  take(key: string, now: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const windowStart = now - this.windowMs;
    if (now - this.sweptAt >= this.windowMs) this.forgetIdle(windowStart, now);
    let times = this.hits.get(key);
    if (!times) {
      times = [];
      // Map order is insertion order: the first key is the one remembered longest.
      if (this.hits.size >= this.maxKeys) this.hits.delete(this.hits.keys().next().value!);
      this.hits.set(key, times);
    }
    let expired = 0;
    while (expired < times.length && times[expired]! <= windowStart) expired++;
    if (expired > 0) times.splice(0, expired);
    if (times.length >= this.limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0]! - windowStart) / 1000)) };
    }
    times.push(now);
    return { allowed: true };
  }

  /** Drops every key whose last request left the window. */
  private forgetIdle(windowStart: number, now: number): void {
    this.sweptAt = now;
    for (const [key, times] of this.hits) if ((times[times.length - 1] ?? -Infinity) <= windowStart) this.hits.delete(key);
  }
}
