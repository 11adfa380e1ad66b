/** One measured figure of the bench, with how it was measured and what it should be. */
export interface Figure {
  section: 'floors' | 'start' | 'idle' | 'keys' | 'memory' | 'service' | 'reorder' | 'art' | 'status' | 'attention' | 'search' | 'goto' | 'desktop' | 'scan' | 'sound' | 'soak';
  name: string;
  /** Null when it could not be measured (`note` says why). */
  value: number | null;
  unit: 'ms' | '%' | 'B' | 'B/s' | 'MB' | 'ratio' | '/s' | 'count';
  /** The budget for this figure, if it has one. */
  budget?: Limit;
  /** The floor checked from outside, if it has one. */
  floor?: Limit;
  method: string;
  note?: string;
}

/** At most `max` or at least `min`. */
export type Limit = { max: number } | { min: number };

export function withinLimit(value: number, limit: Limit): boolean {
  return 'max' in limit ? value <= limit.max : value >= limit.min;
}

export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function median(values: readonly number[]): number | null {
  return percentile(values, 50);
}

export function round(value: number | null, digits = 2): number | null {
  return value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
