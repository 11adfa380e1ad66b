import { Text } from 'ink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import { usePoll, type Poll, type PollOptions } from '../../../src/ui/hooks/use-poll.js';
import { renderApp } from '../../helpers/render.js';
import { useFakeClock } from '../../helpers/fake-clock.js';

const START = Date.UTC(2025, 0, 1);

interface Probe {
  renders: number;
  poll: Poll<{ name: string }> | null;
}

function Harness({ options, probe }: { options: PollOptions<{ name: string }>; probe: Probe }) {
  const poll = usePoll(options);
  probe.renders++;
  probe.poll = poll;
  const stale = poll.staleSince === null ? '-' : String((poll.staleSince - START) / 1000);
  return (
    <Text>
      data={poll.data?.name ?? '-'} error={poll.error?.message ?? '-'} staleSince={stale}
    </Text>
  );
}

/** A fetch whose answers the test hands out one by one. */
function scriptedFetch() {
  const pending: { resolve(value: { name: string }): void; reject(error: Error): void; signal: AbortSignal }[] = [];
  const fetch = vi.fn(
    (signal: AbortSignal) =>
      new Promise<{ name: string }>((resolve, reject) => pending.push({ resolve, reject, signal })),
  );
  return { fetch, pending };
}

function mount(options: PollOptions<{ name: string }>) {
  const probe: Probe = { renders: 0, poll: null };
  const app = renderApp(<Harness options={options} probe={probe} />);
  return { app, probe };
}

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('usePoll', () => {
  it('asks at once, then again each interval after the answer', async () => {
    const fetch = vi.fn(async () => ({ name: 'a' }));
    const { app } = mount({ fetch, delayAfter: () => 1_000 });
    await app.waitForFrame('data=a');
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('does not render again when the answer is the same object', async () => {
    const same = { name: 'same' };
    const fetch = vi.fn(async () => same);
    const { app, probe } = mount({ fetch, delayAfter: () => 1_000 });
    await app.waitForFrame('data=same');
    const renders = probe.renders;
    const frames = app.frameCount();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(11);
    expect(probe.renders).toBe(renders);
    expect(app.frameCount()).toBe(frames);
  });

  it('keeps the last good data through failures, says why and since when, and backs off', async () => {
    let calls = 0;
    const fetch = vi.fn(async () => {
      calls++;
      if (calls === 1) return { name: 'good' };
      throw new Error(`down ${calls}`);
    });
    const { app } = mount({ fetch, delayAfter: () => 1_000, maxBackoffMs: 4_000 });
    await app.waitForFrame('data=good');
    await vi.advanceTimersByTimeAsync(1_000); // second call fails at 1 s
    await app.waitForFrame('data=good error=down 2 staleSince=0');
    // Waits double after each failure: 1 s, 2 s, then 4 s, the most allowed.
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetch).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetch).toHaveBeenCalledTimes(6);
    await app.waitForFrame('data=good error=down 6 staleSince=0');
  });

  it('waits as long as a rate limit asks', async () => {
    const fetch = vi.fn(async (): Promise<{ name: string }> => {
      throw new ApiError('rate-limited', 'slow down', { status: 429, retryAfterMs: 12_000 });
    });
    const { app } = mount({ fetch, delayAfter: () => 1_000 });
    await app.waitForFrame('error=slow down');
    await vi.advanceTimersByTimeAsync(11_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never has two requests in flight, and drops an answer a refresh made outdated', async () => {
    const { fetch, pending } = scriptedFetch();
    const { app, probe } = mount({ fetch, delayAfter: () => 5_000 });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    probe.poll!.refresh();
    probe.poll!.refresh();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    pending[0]!.resolve({ name: 'before the refresh' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    pending[1]!.resolve({ name: 'after' });
    await app.waitForFrame('data=after');
    expect(app.frame()).not.toContain('before');
  });

  it('shows a replaced value at once and ignores the answer already on its way', async () => {
    const { fetch, pending } = scriptedFetch();
    const { app, probe } = mount({ fetch, delayAfter: () => 5_000 });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    probe.poll!.replace({ name: 'optimistic' });
    await app.waitForFrame('data=optimistic');
    pending[0]!.resolve({ name: 'old' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(app.frame()).toContain('data=optimistic');
    await vi.advanceTimersByTimeAsync(1);
    pending[1]!.resolve({ name: 'fresh' });
    await app.waitForFrame('data=fresh');
  });

  it('aborts the request in flight and stops polling on unmount', async () => {
    const { fetch, pending } = scriptedFetch();
    const { app } = mount({ fetch, delayAfter: () => 1_000 });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    app.unmount();
    expect(pending[0]!.signal.aborted).toBe(true);
    pending[0]!.resolve({ name: 'late' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
