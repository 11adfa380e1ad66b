import type { PlaylistItem } from '../../api/types.js';
import { playlistItemRow } from '../sections/library-rows.js';
import { layoutRow } from '../row-layout.js';

/** Before the position of a row in the marked range; a space elsewhere, so rows line up. */
export const MARK_SIGN = '▌';
/** Before the position of an entry added and not saved yet (one taken out elsewhere and to be added back, too). */
export const ADDED_SIGN = '+';

/** What the lead of a row says besides its place. */
export type RowMark = 'plain' | 'marked' | 'added';
const POSITION_GAP = '  ';

/**
 * A row of a playlist's items: the mark, the entry's place in the view's order (1-based; it changes as
 * entries move, the rest of the row does not), then the entry fitted to what is left of `width`.
 */
export function formatItemRow(item: PlaylistItem, row: number, mark: RowMark, positionWidth: number, width: number): string {
  const sign = mark === 'marked' ? MARK_SIGN : mark === 'added' ? ADDED_SIGN : ' ';
  const lead = sign + String(row + 1).padStart(positionWidth) + POSITION_GAP;
  const rest = Math.max(1, width - lead.length);
  // Said in words at its place (never a blank row): the number is the row's, as the lead shows it.
  if (item.unreadable?.reason === 'unreadable') return lead + layoutRow([{ text: `item ${row + 1} could not be read` }], rest);
  return lead + playlistItemRow(item, rest);
}
