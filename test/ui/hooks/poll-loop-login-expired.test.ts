import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, LoginExpiredError } from '../../../src/api/errors.js';
import { startPollLoop } from '../../../src/ui/hooks/poll-loop.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function loopFailingWith(error: Error) {
  const fetch = vi.fn(() => Promise.reject(error));
  const onError = vi.fn();
  const loop = startPollLoop(() => ({ fetch, delayAfter: () => 1_000, normalDelay: () => 1_000, maxBackoffMs: 8_000, onData: vi.fn(), onError }));
  return { fetch, onError, loop };
}

describe('the poll loop after a refusal', () => {
  it('stops asking once the login expired, and asks again only when told to', async () => {
    const { fetch, onError, loop } = loopFailingWith(new LoginExpiredError());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
    loop.refresh();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    loop.stop();
  });

  it('keeps retrying with backoff after a passing failure', async () => {
    const { fetch, loop } = loopFailingWith(new ApiError('network', 'down'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch.mock.calls.length).toBeGreaterThan(3);
    loop.stop();
  });
});
