import { describe, expect, it } from 'vitest';
import { mayForgetPages, PAGES_KEPT_AROUND, withoutFarPages } from '../../../../src/ui/playlist-editor/model/page-retention.js';
import { missingPages } from '../../../../src/ui/playlist-editor/model/edit.js';
import type { PlaylistEdit } from '../../../../src/ui/playlist-editor/model/playlist-edit.js';
import { apply, cursorTo, reorderOf, HEIGHT, move, PAGE } from './edit-helpers.js';

/** 2,000 entries, every page loaded, the window at `top`. */
const numbers = Array.from({ length: 2_000 }, (_, i) => i);
const windowAt = (top: number) => apply(reorderOf(numbers), cursorTo(top + HEIGHT - 1), cursorTo(top));

describe('page retention', () => {
  it('keeps the pages of the window and of a few pages either side, and lets go of the rest', () => {
    const state = windowAt(1_000);
    expect(state.top).toBe(1_000);
    const kept = withoutFarPages(state, state.top, HEIGHT);
    const reach = (PAGES_KEPT_AROUND + 1) * PAGE;
    const expected = Array.from({ length: 2_000 / PAGE }, (_, i) => i * PAGE).filter(
      (start) => start + PAGE > 1_000 - reach && start < 1_000 + HEIGHT + reach,
    );
    expect(kept.list.starts).toEqual(expected);
    expect(kept.list.total).toBe(2_000);
    expect(kept.arrangement).toBe(state.arrangement);
  });

  it('never lets go of a page the window is about to ask for', () => {
    for (const top of [0, 37, 1_000, 1_990]) {
      const state = windowAt(top);
      expect(missingPages(withoutFarPages(state, state.top, HEIGHT), state.top, HEIGHT)).toEqual([]);
    }
  });

  it('returns the same state when nothing is far', () => {
    const state = reorderOf(numbers, [0, 50]);
    expect(withoutFarPages(state, 0, HEIGHT)).toBe(state);
  });

  it('keeps everything while a move can be saved, undone or redone, or is out for saving', () => {
    const savedAs = (state: PlaylistEdit, snapshotId: string) =>
      apply(state, { type: 'writeStarted' }, { type: 'saved', order: Array.from(state.arrangement.order), snapshotId });
    const moved = apply(windowAt(1_000), move('moveDown'));
    const saved = savedAs(moved, 'v2');
    const undoneAndSaved = savedAs(apply(saved, move('undo')), 'v3');
    const writing = apply(windowAt(1_000), { type: 'writeStarted' });
    for (const state of [moved, saved, undoneAndSaved, writing]) {
      expect(mayForgetPages(state)).toBe(false);
      expect(withoutFarPages(state, state.top, HEIGHT)).toBe(state);
    }
    expect(mayForgetPages(windowAt(1_000))).toBe(true);
  });
});
