import { describe, expect, it } from 'vitest';
import { createTokenSource, staticToken, type TokenProvider } from '../../src/api/tokens.js';

function rotatingProvider(): TokenProvider & { refreshes: number } {
  let current = 'token-0';
  const provider = {
    refreshes: 0,
    token: async () => current,
    refresh: async () => {
      provider.refreshes += 1;
      await new Promise((resolve) => setImmediate(resolve));
      current = `token-${provider.refreshes}`;
      return current;
    },
  };
  return provider;
}

describe('createTokenSource', () => {
  it('shares one refresh between concurrent callers refused with the same token', async () => {
    const provider = rotatingProvider();
    const source = createTokenSource(provider);
    const tokens = await Promise.all([1, 2, 3, 4].map(() => source.replace('token-0')));
    expect(tokens).toEqual(['token-1', 'token-1', 'token-1', 'token-1']);
    expect(provider.refreshes).toBe(1);
  });

  it('gives a caller refused with an old token the newer one without refreshing again', async () => {
    const provider = rotatingProvider();
    const source = createTokenSource(provider);
    await source.replace('token-0');
    expect(await source.replace('token-0')).toBe('token-1');
    expect(provider.refreshes).toBe(1);
    expect(await source.current()).toBe('token-1');
  });

  it('has nothing to offer for a static token, or when the refresh fails', async () => {
    expect(await createTokenSource(staticToken('t')).replace('t')).toBeNull();
    const failing = createTokenSource({
      token: async () => 't',
      refresh: async () => {
        throw new Error('network down');
      },
    });
    expect(await failing.replace('t')).toBeNull();
  });
});
