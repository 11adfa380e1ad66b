import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_MS, createVolumeBurst, type VolumeBurst } from '../../../src/ui/state/volume-burst.js';

interface Pending {
  percent: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

let sent: Pending[];
let shown: (number | null)[];
let errors: unknown[];
let burst: VolumeBurst;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  shown = [];
  errors = [];
  burst = createVolumeBurst({
    send: (percent) => new Promise<void>((resolve, reject) => sent.push({ percent, resolve, reject })),
    onShown: (percent) => shown.push(percent),
    onError: (error) => errors.push(error),
  });
});

afterEach(() => {
  burst.dispose();
  vi.useRealTimers();
});

describe('volume bursts', () => {
  it('shows each press at once and sends one request with the final value', () => {
    burst.press(5, 60);
    vi.advanceTimersByTime(COALESCE_MS - 1);
    burst.press(5, 60);
    burst.press(5, 60);
    expect(shown).toEqual([65, 70, 75]);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(sent.map((request) => request.percent)).toEqual([75]);
  });

  it('keeps one request in flight and sends the value chosen meanwhile when it answers', async () => {
    burst.press(5, 60);
    vi.advanceTimersByTime(COALESCE_MS);
    burst.press(5, 60);
    burst.press(5, 60);
    vi.advanceTimersByTime(COALESCE_MS * 4);
    expect(sent.map((request) => request.percent)).toEqual([65]);
    sent[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((request) => request.percent)).toEqual([65, 75]);
  });

  it('clamps to 0–100 and sends nothing when the value does not change', async () => {
    burst.press(5, 98);
    burst.press(5, 98);
    expect(burst.shown()).toBe(100);
    vi.advanceTimersByTime(COALESCE_MS);
    sent[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    burst.press(5, 100);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(sent).toHaveLength(1);
  });

  it('shows the polled state again once a poll agrees, not before', async () => {
    burst.press(-5, 50);
    vi.advanceTimersByTime(COALESCE_MS);
    burst.settle(50);
    expect(burst.shown()).toBe(45);
    sent[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    burst.settle(50);
    expect(burst.shown()).toBe(45);
    burst.settle(45);
    expect(burst.shown()).toBeNull();
  });

  it('drops the value chosen and reports a refusal', async () => {
    burst.press(5, 50);
    vi.advanceTimersByTime(COALESCE_MS);
    sent[0]!.reject(new Error('refused'));
    await vi.advanceTimersByTimeAsync(0);
    expect(burst.shown()).toBeNull();
    expect(shown.at(-1)).toBeNull();
    expect(errors).toHaveLength(1);
  });
});
