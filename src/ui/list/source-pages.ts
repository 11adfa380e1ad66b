import type { Api, PageRequest } from '../../api/api.js';
import type { Paging } from '../../api/types.js';
import type { CursorSource, WholeSource } from '../sections/types.js';

/**
 * The pages of the sources that are not read by offset, as a list asks for them (offset and limit): a whole
 * source read once per generation and cut into pages, a cursor source read page after page. Not hooks: the
 * hook (use-view-source.ts) keeps their state in refs.
 */

/** One read of a whole source, whatever pages the list asks of it. */
export interface WholeRead<T> {
  generation: number;
  entries: Promise<T[]>;
  controller: AbortController;
  /** The pages given out, so that asking again (the list's refresh) renders nothing new. */
  pages: Map<number, Paging<T>>;
}

/** The pages of a cursor source read so far in one generation, by offset: each names the cursor of the next. */
export interface CursorRead<T> {
  generation: number;
  pages: Map<number, Promise<{ paging: Paging<T>; next: string | null }>>;
  /**
   * How long the list is as far as is known: the service's count, or the most read so far and a page more
   * while there is a next. Every page given out says the same, so that no answer disowns the others.
   */
  total: number;
}

export function wholePageOf<T, P>(source: WholeSource<T, P>, read: { current: WholeRead<T> | null }, api: Api, parent: P, generation: number) {
  return async (page: PageRequest): Promise<Paging<T>> => {
    let current = read.current;
    if (current?.generation !== generation) {
      current?.controller.abort();
      const controller = new AbortController();
      const started: WholeRead<T> = { generation, entries: source.readAll(api, parent, controller.signal), controller, pages: new Map() };
      started.entries.catch(() => {
        if (read.current === started) read.current = null;
      });
      read.current = current = started;
    }
    const items = await current.entries;
    const given = current.pages.get(page.offset);
    if (given?.limit === page.limit) return given;
    const slice = items.slice(page.offset, page.offset + page.limit);
    const paging = { href: '', limit: page.limit, offset: page.offset, next: null, previous: null, total: items.length, items: slice };
    current.pages.set(page.offset, paging);
    return paging;
  };
}

/**
 * The page at `offset` of a cursor source: the pages before it read first, in order (each names the next).
 * Where the service gives no total, the list is as long as what was read, a page more while there is a next.
 */
export function cursorPageOf<T, P>(source: CursorSource<T, P>, read: { current: CursorRead<T> }, api: Api, parent: P, generation: number) {
  const at = (page: PageRequest, signal: AbortSignal): Promise<{ paging: Paging<T>; next: string | null }> => {
    if (read.current.generation !== generation) read.current = { generation, pages: new Map(), total: 0 };
    const current = read.current;
    let reading = current.pages.get(page.offset);
    if (reading === undefined) {
      reading = (async () => {
        const after = page.offset === 0 ? null : (await at({ offset: Math.max(0, page.offset - page.limit), limit: page.limit }, signal)).next;
        if (page.offset > 0 && after === null) throw new Error('the list ended before this page');
        const answer = await source.fetchAfter(api, parent, { after, limit: page.limit }, signal);
        const end = page.offset + answer.items.length;
        current.total = answer.total ?? (answer.next === null ? end : Math.max(current.total, end + page.limit));
        const paging = { href: '', limit: page.limit, offset: page.offset, next: null, previous: null, total: current.total, items: answer.items };
        return { paging, next: answer.next };
      })();
      current.pages.set(page.offset, reading);
      // A page that failed (or was given up) is read again when asked again.
      reading.catch(() => current.pages.get(page.offset) === reading && current.pages.delete(page.offset));
    }
    return reading;
  };
  return async (page: PageRequest, signal: AbortSignal): Promise<Paging<T>> => {
    const answered = await at(page, signal);
    const { total } = read.current;
    // A page read before the length was known better says it now (the same object while it holds).
    if (answered.paging.total !== total) answered.paging = { ...answered.paging, total };
    return answered.paging;
  };
}
