import { describe, expect, it } from 'vitest';
import { canMergeFresh, nextCheckAt, readCheck, WATCH_INTERVAL_MS } from '../../../../src/ui/playlist-editor/model/watch.js';
import { apply, move, reorderOf } from './edit-helpers.js';

const letters = [...'ABCDE'];

describe('the playlist watch', () => {
  it('checks 15 s after the service last told the snapshot, at once when that is past', () => {
    expect(nextCheckAt(1_000, 2_000)).toBe(1_000 + WATCH_INTERVAL_MS);
    expect(nextCheckAt(1_000, 60_000)).toBe(60_000);
  });

  it('reads an answer: the same snapshot is current, another is a change, a save out makes it none of ours', () => {
    const state = reorderOf(letters, undefined, 'v1');
    expect(readCheck(state, 'v1', false)).toBe('current');
    expect(readCheck(state, 'v2', false)).toBe('changed');
    expect(readCheck(state, 'v2', true)).toBe('busy');
    expect(readCheck(apply(state, { type: 'writeStarted' }), 'v2', false)).toBe('busy');
  });

  it('merges a fresh order only onto the base it was compared with, and never under a save', () => {
    const atCheck = reorderOf(letters, undefined, 'v1');
    // The user moving meanwhile is fine: the merge replays the move.
    expect(canMergeFresh(atCheck, apply(atCheck, move('moveDown')), false)).toBe(true);
    expect(canMergeFresh(atCheck, atCheck, true)).toBe(false);
    expect(canMergeFresh(atCheck, apply(atCheck, { type: 'writeStarted' }), false)).toBe(false);
    const saved = apply(atCheck, { type: 'saved', order: [1, 0, 2, 3, 4], snapshotId: 'v3' });
    expect(canMergeFresh(atCheck, saved, false)).toBe(false);
  });
});
