import { describe, expect, it } from 'vitest';
import type { PageRequest } from '../../src/api/api.js';
import { isApiError } from '../../src/api/errors.js';
import { allPages, pageAt, pageQuery } from '../../src/api/paging.js';
import type { Paging } from '../../src/api/types.js';

function pagesOf(total: number, options: { stopEarly?: boolean } = {}) {
  const asked: PageRequest[] = [];
  const fetchPage = async ({ limit, offset }: PageRequest): Promise<Paging<number>> => {
    asked.push({ limit, offset });
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => offset + index);
    const hasMore = offset + items.length < total && !options.stopEarly;
    return { href: '', limit, offset, total, previous: null, next: hasMore ? 'next' : null, items };
  };
  return { asked, fetchPage };
}

async function collect<T>(pages: AsyncIterable<Paging<T>>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) items.push(...page.items);
  return items;
}

describe('allPages', () => {
  it('walks every page in order, one request each', async () => {
    const { asked, fetchPage } = pagesOf(250);
    const items = await collect(allPages(fetchPage, 100));
    expect(items).toEqual(Array.from({ length: 250 }, (_, index) => index));
    expect(asked.map((page) => page.offset)).toEqual([0, 100, 200]);
  });

  it('starts at an offset, and stops when the service says there is no next page', async () => {
    const { asked, fetchPage } = pagesOf(1_000, { stopEarly: true });
    expect(await collect(allPages(fetchPage, 50, 300))).toHaveLength(50);
    expect(asked).toEqual([{ limit: 50, offset: 300 }]);
  });

  it('stops on an empty collection after one request', async () => {
    const { asked, fetchPage } = pagesOf(0);
    expect(await collect(allPages(fetchPage, 20))).toEqual([]);
    expect(asked).toHaveLength(1);
  });
});

describe('pageAt and pageQuery', () => {
  it('finds the page holding an index', () => {
    expect(pageAt(0, 100)).toEqual({ limit: 100, offset: 0 });
    expect(pageAt(9_999, 100)).toEqual({ limit: 100, offset: 9_900 });
    expect(pageAt(250, 50)).toEqual({ limit: 50, offset: 250 });
  });

  it('refuses limits and offsets out of bounds with a message naming them', () => {
    expect(pageQuery({ limit: 50, offset: 10 }, 50)).toEqual({ limit: 50, offset: 10 });
    for (const [page, name] of [
      [{ limit: 51, offset: 0 }, 'limit'],
      [{ limit: 0, offset: 0 }, 'limit'],
      [{ limit: Number.NaN, offset: 0 }, 'limit'],
      [{ limit: 10, offset: -1 }, 'offset'],
      [{ limit: 10, offset: 0.5 }, 'offset'],
    ] as const) {
      let caught: unknown;
      try {
        pageQuery(page, 50);
      } catch (error) {
        caught = error;
      }
      expect(isApiError(caught) && caught.kind).toBe('bad-request');
      expect((caught as Error).message).toContain(name);
    }
  });
});
