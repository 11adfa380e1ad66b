import { describe, expect, it, vi } from 'vitest';
import { BoundedCache } from '../../src/terminal/bounded-cache.js';

describe('BoundedCache', () => {
  it('computes a value once while it is asked for, and never keeps more than twice its capacity', () => {
    const compute = vi.fn((key: string) => key.length);
    const cache = new BoundedCache(3, compute);
    for (let round = 0; round < 10; round++) for (const key of ['a', 'bb', 'ccc']) expect(cache.get(key)).toBe(key.length);
    expect(compute).toHaveBeenCalledTimes(3);
    for (let index = 0; index < 100; index++) cache.get(`key ${index}`);
    expect(cache.size).toBeLessThanOrEqual(6);
    expect(cache.get('a')).toBe(1);
    expect(compute).toHaveBeenCalledTimes(104);
  });

  it('keeps a value asked for since the last turn-over through the next, null included', () => {
    const compute = vi.fn((key: string) => (key === 'none' ? null : key));
    const cache = new BoundedCache<string | null>(2, compute);
    cache.get('none');
    cache.get('x');
    cache.get('y'); // turn-over: none and x are the older generation
    cache.get('none'); // asked again: back in the newer
    cache.get('z'); // turn-over: x is forgotten, none stays
    expect(cache.get('none')).toBeNull();
    expect(compute.mock.calls.map(([key]) => key)).toEqual(['none', 'x', 'y', 'z']);
    cache.get('x');
    expect(compute).toHaveBeenCalledTimes(5);
  });

  it('finds without computing, and keeps what is remembered by the same rule', () => {
    const cache = new BoundedCache<number[]>(2);
    const value = [1];
    expect(cache.find('a')).toBeUndefined();
    expect(cache.remember('a', value)).toBe(value);
    cache.remember('b', [2]);
    cache.remember('c', [3]); // turn-over: a and b are the older generation
    expect(cache.find('a')).toBe(value); // found: back in the newer
    cache.remember('d', [4]); // turn-over: b is forgotten, a stays
    expect(cache.find('b')).toBeUndefined();
    expect(cache.find('a')).toBe(value);
    expect(() => cache.get('e')).toThrow(/nothing to compute/);
  });
});
