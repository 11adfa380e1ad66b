import { RequestError } from 'got';
import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY, mayRetry, parseRetryAfter } from '../../src/api/retry.js';

const settings = { ...DEFAULT_RETRY, backoffBaseMs: 100, backoffLimitMs: 1_000 };

describe('backoffDelay', () => {
  it('doubles per attempt between half and all of the ceiling, and never passes the cap', () => {
    expect(backoffDelay(1, settings, () => 0)).toBe(50);
    expect(backoffDelay(1, settings, () => 1)).toBe(100);
    expect(backoffDelay(3, settings, () => 0)).toBe(200);
    expect(backoffDelay(3, settings, () => 1)).toBe(400);
    expect(backoffDelay(30, settings, () => 1)).toBe(1_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads delta-seconds and HTTP dates as milliseconds', () => {
    expect(parseRetryAfter('4', now)).toBe(4_000);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1_500);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:07 GMT', now)).toBe(7_000);
  });

  it('means "use the backoff" for zero, past dates, garbage and absence', () => {
    for (const header of ['0', 'Tue, 31 Dec 2024 23:59:00 GMT', 'soon', '-3', '', undefined]) {
      expect(parseRetryAfter(header, now)).toBeUndefined();
    }
  });
});

describe('mayRetry', () => {
  const failure = (code: string) => new RequestError('failed', { code } as Error & { code: string }, {} as never);

  it('retries idempotent calls on any failure got allows', () => {
    expect(mayRetry('idempotent', failure('ECONNRESET'))).toBe(true);
  });

  it('retries a once-only call only when nothing can have reached the service', () => {
    expect(mayRetry('once', failure('ECONNREFUSED'))).toBe(true);
    expect(mayRetry('once', failure('ECONNRESET'))).toBe(false);
    expect(mayRetry('once', failure('ETIMEDOUT'))).toBe(false);
  });
});
