import { isUnreadable } from '../../api/list-entry.js';
import type { ListEntry, Paging } from '../../api/types.js';
import { formatCount } from '../format.js';
import { standInRefusal } from './library-rows.js';
import type { ItemAction, ItemContext } from './types.js';

/** What most definitions say the same way. */

/** `Saved shows`, then `Saved shows · 25` once the total is known. */
export const countedTitle =
  (label: string) =>
  (_parent: unknown, total: number | null): string =>
    total === null ? label : `${label} · ${formatCount(total)}`;

/** Enter or `P` on a list with stand-ins: on a stand-in, says why it cannot (`can't open: item 12 could not be read`). */
export function onReadable<T extends object, P>(
  verb: 'open' | 'play',
  action: (item: T, at: ItemContext<ListEntry<T>, P>) => void,
): ItemAction<ListEntry<T>, P> {
  return (entry, at) => {
    if (isUnreadable(entry)) at.player.refuse(standInRefusal(verb, entry));
    else action(entry, at);
  };
}

/**
 * Pages whose items come without their parent (a show's episodes have no `show`), given it once per page
 * object: a 304 (the same page) gives the same items again, so rows and details stay memoised.
 */
export function withParentOnce<T extends object, P>(attach: (item: T, parent: P) => T) {
  const attached = new WeakMap<Paging<ListEntry<T>>, Paging<ListEntry<T>>>();
  return (page: Paging<ListEntry<T>>, parent: P): Paging<ListEntry<T>> => {
    let given = attached.get(page);
    if (given === undefined) {
      given = { ...page, items: page.items.map((entry) => (isUnreadable(entry) ? entry : attach(entry, parent))) };
      attached.set(page, given);
    }
    return given;
  };
}
