import type { PlaylistItem } from '../../../../src/api/types.js';
import { entryIdentity } from '../../../../src/ui/playlist-editor/model/entry-identity.js';
import { createEdit, editReducer, type EditAction } from '../../../../src/ui/playlist-editor/model/edit.js';
import type { PlaylistEdit } from '../../../../src/ui/playlist-editor/model/playlist-edit.js';
import { itemAt } from '../../../../src/ui/state/sparse-list.js';

export const PAGE = 50;
export const HEIGHT = 10;

/** An entry named by a letter or number: its track uri is `u:<name>`, added at `t<name>`. */
export function entry(name: string | number): PlaylistItem {
  return { added_at: `t${name}`, added_by: null, is_local: false, track: { uri: `u:${name}` } as PlaylistItem['track'] };
}

export const nameOf = (item: PlaylistItem | undefined): string | undefined => item?.track?.uri.slice(2);

export function apply(state: PlaylistEdit, ...actions: EditAction[]): PlaylistEdit {
  return actions.reduce(editReducer, state);
}

/** A state over `names`, the pages at `loadedOffsets` loaded (all of them by default). */
export function reorderOf(names: readonly (string | number)[], loadedOffsets?: number[], snapshotId = 'v1'): PlaylistEdit {
  let state = createEdit(names.length, snapshotId, PAGE);
  const offsets = loadedOffsets ?? Array.from({ length: Math.ceil(names.length / PAGE) }, (_, i) => i * PAGE);
  for (const offset of offsets) {
    const items = names.slice(offset, offset + PAGE).map(entry);
    state = apply(state, { type: 'page', generation: state.generation, offset, items, total: names.length });
  }
  return state;
}

/** The names the view shows, row by row ('…' where not loaded). */
export function shown(state: PlaylistEdit): string[] {
  return Array.from(state.arrangement.order, (position) => nameOf(itemAt(state.list, position)) ?? '…');
}

export const identities = (names: readonly (string | number)[]): string[] => names.map((name) => entryIdentity(entry(name)));

/** A reorder key, `count` times for a move, an undo or a redo (a count typed before it). */
export const move = (type: 'moveUp' | 'moveDown' | 'undo' | 'redo' | 'toggleMark', count?: number): EditAction => ({
  type: 'arrange',
  action: type === 'toggleMark' ? { type } : { type, count },
  height: HEIGHT,
});
export const cursorTo = (index: number): EditAction => ({ type: 'cursorTo', index, height: HEIGHT });
