import { describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api/errors.js';
import { createGate } from '../../src/api/gate.js';

describe('createGate', () => {
  it('lets requests through at once while open', async () => {
    const gate = createGate();
    expect(gate.remainingMs()).toBe(0);
    await gate.pass(1_000);
  });

  it('holds every waiter until the wall clock reaches the opening time', async () => {
    const gate = createGate();
    gate.closeFor(60);
    const openAt = gate.openAt;
    const passedAt = await Promise.all([1, 2, 3].map(() => gate.pass(1_000).then(() => Date.now())));
    for (const time of passedAt) expect(time).toBeGreaterThanOrEqual(openAt);
  });

  it('never shortens a longer closure', () => {
    const gate = createGate(() => 1_000);
    gate.closeFor(5_000);
    gate.closeFor(10);
    expect(gate.openAt).toBe(6_000);
    expect(gate.remainingMs()).toBe(5_000);
  });

  it('refuses at once, as rate-limited, a wait longer than the caller accepts', async () => {
    const gate = createGate();
    gate.closeFor(30_000);
    const error = await gate.pass(1_000).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe('rate-limited');
    expect(isApiError(error) && error.details.retryAfterMs).toBeGreaterThan(1_000);
  });

  it('stops waiting when the caller aborts', async () => {
    const gate = createGate();
    gate.closeFor(30_000);
    const controller = new AbortController();
    const waiting = gate.pass(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
