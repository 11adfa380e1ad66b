/**
 * How fast a long save sends its requests. Services count requests per token over a rolling 30 s window and
 * do not say the limit, so the pace is learned as TCP learns a link: it starts at a modest budget per window,
 * grows it by half after each window's worth of answers without a 429 (as fast as the service allows), and after a
 * 429 waits what Retry-After asks, halves the budget and from then on grows it by a little per window (AIMD).
 * Requests are spread evenly over the window rather than sent in bursts, so the progress moves steadily and
 * the dashboard's own polls keep room. Pure: every function takes the time.
 */

export const WINDOW_MS = 30_000;
/** A budget (2 requests a second) that rate-limited services of today's kind allow with room for polls. */
export const FIRST_BUDGET = 60;
/** Until the first 429 the budget grows by half per window of answers: faster than a step, gentler than doubling. */
const PROBE_GROWTH = 1.5;
const MIN_BUDGET = 6;
const MAX_BUDGET = 3_000;
/** After a 429: the budget grows by this many requests per window of answers without one. */
const ADDITIVE_STEP = 6;
/** A 429 without a usable Retry-After waits this long (the window is the most the service can mean). */
const DEFAULT_RETRY_AFTER_MS = 5_000;
/** A save of more requests than this asks first, saying how many and how long. */
export const CONFIRM_ABOVE_REQUESTS = 50;

export interface Pace {
  /** Requests allowed per `WINDOW_MS`. */
  readonly budget: number;
  /** True until the first 429: the budget grows by half per window instead of by a step. */
  readonly isProbing: boolean;
  /** Answers without a 429 since the budget last changed. */
  readonly answered: number;
  /** When the last request went out, or null. */
  readonly lastSentAt: number | null;
  /** No request before this (a Retry-After). */
  readonly blockedUntil: number;
}

export function createPace(budget: number = FIRST_BUDGET): Pace {
  return { budget: clampBudget(budget), isProbing: true, answered: 0, lastSentAt: null, blockedUntil: 0 };
}

function clampBudget(budget: number): number {
  return Math.max(MIN_BUDGET, Math.min(MAX_BUDGET, Math.floor(budget)));
}

/** The time between two requests at this pace. */
export function intervalMs(pace: Pace): number {
  return WINDOW_MS / pace.budget;
}

/** When the next request may go out (never before `now`). */
export function nextSendAt(pace: Pace, now: number): number {
  const spaced = pace.lastSentAt === null ? now : pace.lastSentAt + intervalMs(pace);
  return Math.max(now, spaced, pace.blockedUntil);
}

export function sent(pace: Pace, at: number): Pace {
  return { ...pace, lastSentAt: at };
}

/** A request answered without a 429 (a success or an error that says nothing of the pace). */
export function answered(pace: Pace): Pace {
  const count = pace.answered + 1;
  if (count < pace.budget) return { ...pace, answered: count };
  const budget = clampBudget(pace.isProbing ? pace.budget * PROBE_GROWTH : pace.budget + ADDITIVE_STEP);
  return { ...pace, budget, answered: 0 };
}

/** A 429 at `at`, with what its Retry-After asked (undefined when absent or unreadable). */
export function rateLimited(pace: Pace, at: number, retryAfterMs: number | undefined): Pace {
  const wait = retryAfterMs !== undefined && retryAfterMs > 0 ? retryAfterMs : DEFAULT_RETRY_AFTER_MS;
  return {
    budget: clampBudget(pace.budget / 2), isProbing: false, answered: 0, lastSentAt: pace.lastSentAt,
    blockedUntil: Math.max(pace.blockedUntil, at + wait),
  };
}

/**
 * About how long `requests` take at this pace if no 429 comes, each answered in `latencyMs`: the estimate
 * shown before a long save starts.
 */
export function estimateMs(pace: Pace, requests: number, latencyMs: number = 50): number {
  let current: Pace = { ...pace, lastSentAt: null, blockedUntil: 0 };
  let total = 0;
  for (let i = 0; i < requests; i++) {
    total += i === 0 ? latencyMs : Math.max(intervalMs(current), latencyMs);
    current = answered(current);
  }
  return total;
}

/** `45 s`, `4 min`, `1 h 20 min`: rough on purpose. */
export function roughDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Whether a save of `requests` asks before it starts. */
export const needsConfirmation = (requests: number): boolean => requests > CONFIRM_ABOVE_REQUESTS;

/** The question before a long save. */
export function confirmText(requests: number, ms: number): string {
  return `saving takes ${requests.toLocaleString('en')} requests, about ${roughDuration(ms)}: save now? (y/n; n keeps the moves unsaved)`;
}

/** The status line while a long save runs. */
export function progressText(done: number, requests: number, blockedUntil: number, now: number): string {
  const progress = `saving ${done.toLocaleString('en')}/${requests.toLocaleString('en')}…`;
  return blockedUntil > now ? `${progress} the service asked to wait ${Math.ceil((blockedUntil - now) / 1000)} s` : progress;
}
