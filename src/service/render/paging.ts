import type { PageParams } from '../params.js';

export interface PageSource {
  /** Absolute URL of the list without a query, e.g. `http://127.0.0.1:8080/v1/me/shows`. */
  url: string;
  /** Other query parameters to carry into href/next/previous, in order. */
  query?: readonly [string, string | undefined][];
  total: number;
}

/** A paging object (decisions §5) around already-rendered items of the page. */
export function pagingJson(source: PageSource, page: PageParams, items: readonly string[]): string {
  const extra = (source.query ?? [])
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => `&${name}=${encodeURIComponent(value)}`)
    .join('');
  const link = (offset: number) => JSON.stringify(`${source.url}?offset=${offset}&limit=${page.limit}${extra}`);
  const next = page.offset + page.limit < source.total ? link(page.offset + page.limit) : 'null';
  const previous = page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : 'null';
  return (
    `{"href":${link(page.offset)},"limit":${page.limit},"next":${next},"offset":${page.offset},` +
    `"previous":${previous},"total":${source.total},"items":[${items.join(',')}]}`
  );
}

/** The slice of `all` a page covers (empty past the end). */
export function pageSlice<T>(all: readonly T[], page: PageParams): readonly T[] {
  return page.offset >= all.length ? [] : all.slice(page.offset, page.offset + page.limit);
}

/** The items of a paged list: how many in all, and a page of them rendered. */
export interface PagedList {
  total: number;
  items(page: PageParams): readonly string[];
}

/** A list held whole in memory, each item rendered when its page is asked for. */
export function listOf<T>(all: readonly T[], render: (item: T) => string): PagedList {
  return { total: all.length, items: (page) => pageSlice(all, page).map(render) };
}

/** A page of `list` as a paging object at `url` (its links carry `query`). */
export function listPageJson(list: PagedList, url: string, page: PageParams, query: PageSource['query'] = []): string {
  return pagingJson({ url, query, total: list.total }, page, list.items(page));
}
