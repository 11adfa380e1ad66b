import { describe, expect, it } from 'vitest';
import { createConditionalCache } from '../../src/api/conditional-cache.js';

const entry = (value: unknown) => ({ etag: `"${String(value)}"`, body: null, value });

describe('createConditionalCache', () => {
  it('evicts the least recently used entry beyond its bound', () => {
    const cache = createConditionalCache(2);
    cache.set('a', entry(1));
    cache.set('b', entry(2));
    cache.get('a');
    cache.set('c', entry(3));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe(1);
    expect(cache.get('c')?.value).toBe(3);
  });

  it('replaces an entry under the same key without growing', () => {
    const cache = createConditionalCache(2);
    cache.set('a', entry(1));
    cache.set('a', entry(2));
    expect(cache.size).toBe(1);
    expect(cache.get('a')?.value).toBe(2);
  });
});
