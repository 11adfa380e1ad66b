import { describe, expect, it } from 'vitest';
import { RenderCache, Versions, cacheKey, withEtag, type CacheKey } from '../../src/service/render/cache.js';

const versions = new Versions();
const key = (name: string): CacheKey => cacheKey(versions, { kind: 'test', covers: [], parts: [name] });

describe('RenderCache', () => {
  it('builds a value once per key', () => {
    const cache = new RenderCache<string>(1_000, (value) => value.length);
    let builds = 0;
    const make = () => `value ${++builds}`;
    expect(cache.get(key('a'), make)).toBe('value 1');
    expect(cache.get(key('a'), make)).toBe('value 1');
    expect(builds).toBe(1);
  });

  it('empties itself rather than grow past its weight', () => {
    const cache = new RenderCache<string>(30, (value) => value.length);
    cache.get(key('a'), () => 'x'.repeat(20));
    let rebuilt = false;
    cache.get(key('b'), () => 'y'.repeat(20));
    cache.get(key('a'), () => {
      rebuilt = true;
      return 'x'.repeat(20);
    });
    expect(rebuilt).toBe(true);
  });
});

describe('cacheKey', () => {
  it('changes when a version it covers is bumped, and only then', () => {
    const own = new Versions();
    const spec = { kind: 'episode', covers: ['resume'] as const, parts: ['id', 'GB'] };
    const before = cacheKey(own, spec);
    own.bump('player');
    expect(cacheKey(own, spec)).toBe(before);
    own.bump('resume');
    expect(cacheKey(own, spec)).not.toBe(before);
  });

  it('keeps parts apart whatever they hold', () => {
    const one = cacheKey(versions, { kind: 'k', covers: [], parts: ['a|b', 'c'] });
    const other = cacheKey(versions, { kind: 'k', covers: [], parts: ['a', 'b|c'] });
    expect(one).not.toBe(other);
    expect(cacheKey(versions, { kind: 'k', covers: [], parts: [null] })).not.toBe(cacheKey(versions, { kind: 'k', covers: [], parts: ['null'] }));
  });
});

describe('withEtag', () => {
  it('gives equal bodies equal tags and different bodies different ones', () => {
    expect(withEtag('{"a":1}').etag).toBe(withEtag('{"a":1}').etag);
    expect(withEtag('{"a":1}').etag).not.toBe(withEtag('{"a":2}').etag);
    expect(withEtag('{"a":"é"}').bytes.toString()).toBe('{"a":"é"}');
  });
});
