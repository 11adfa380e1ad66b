import type { DetailsTarget } from '../details-target.js';
import type { SparseList } from '../state/sparse-list.js';

/**
 * What the library's lists have loaded, by list, for `:` (go to anything by name): each list as it stands
 * (its pages are shared, not copied) with how to describe an item. Read only when the palette opens.
 */
export interface LoadedList {
  list: SparseList<unknown>;
  details(item: unknown): DetailsTarget | null;
}

export class LoadedLists {
  private readonly lists = new Map<string, LoadedList>();

  /** The list of `key` as it stands now; null when it goes. */
  set(key: string, loaded: LoadedList | null): void {
    if (loaded === null) this.lists.delete(key);
    else this.lists.set(key, loaded);
  }

  /** Every loaded item's target, each list's in order. */
  *targets(): Iterable<DetailsTarget> {
    for (const { list, details } of this.lists.values()) {
      for (const start of list.starts) {
        for (const item of list.pages.get(start)!) {
          const target = details(item);
          if (target !== null) yield target;
        }
      }
    }
  }
}
