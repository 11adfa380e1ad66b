import { describe, expect, it } from 'vitest';
import { RenderCache, withEtag } from '../../src/service/render/cache.js';

describe('RenderCache', () => {
  it('builds a value once per key', () => {
    const cache = new RenderCache<string>(1_000, (value) => value.length);
    let builds = 0;
    const make = () => `value ${++builds}`;
    expect(cache.get('a', make)).toBe('value 1');
    expect(cache.get('a', make)).toBe('value 1');
    expect(builds).toBe(1);
  });

  it('empties itself rather than grow past its weight', () => {
    const cache = new RenderCache<string>(30, (value) => value.length);
    cache.get('a', () => 'x'.repeat(20));
    let rebuilt = false;
    cache.get('b', () => 'y'.repeat(20));
    cache.get('a', () => {
      rebuilt = true;
      return 'x'.repeat(20);
    });
    expect(rebuilt).toBe(true);
  });
});

describe('withEtag', () => {
  it('gives equal bodies equal tags and different bodies different ones', () => {
    expect(withEtag('{"a":1}').etag).toBe(withEtag('{"a":1}').etag);
    expect(withEtag('{"a":1}').etag).not.toBe(withEtag('{"a":2}').etag);
    expect(withEtag('{"a":"é"}').bytes.toString()).toBe('{"a":"é"}');
  });
});
