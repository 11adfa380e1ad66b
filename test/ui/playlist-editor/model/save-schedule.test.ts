import { describe, expect, it } from 'vitest';
import {
  dueAt,
  failureText,
  IDLE_SAVE_MS,
  retryDelayMs,
  SAVED,
  saveScheduleReducer,
  type SaveEvent,
  type SavePhase,
} from '../../../../src/ui/playlist-editor/model/save-schedule.js';

const run = (events: SaveEvent[], from: SavePhase = SAVED): SavePhase => events.reduce(saveScheduleReducer, from);

describe('save schedule', () => {
  it('saves after an idle pause that each move restarts', () => {
    const phase = run([{ type: 'moved', at: 1_000 }, { type: 'moved', at: 2_000 }]);
    expect(dueAt(phase)).toBe(2_000 + IDLE_SAVE_MS);
  });

  it('saves at once on w, and again right after a save under way when w came during it', () => {
    expect(dueAt(run([{ type: 'moved', at: 0 }, { type: 'saveNow', at: 10 }]))).toBe(10);
    const saving = run([{ type: 'moved', at: 0 }, { type: 'started' }]);
    expect(dueAt(saving)).toBeNull();
    const after = run([{ type: 'moved', at: 100 }, { type: 'saveNow', at: 200 }, { type: 'landed', at: 300, isDirty: true }], saving);
    expect(dueAt(after)).toBe(300);
  });

  it('keeps moves made during a save for the next one, after their own idle pause', () => {
    const phase = run([{ type: 'moved', at: 0 }, { type: 'started' }, { type: 'moved', at: 500 }, { type: 'landed', at: 600, isDirty: true }]);
    expect(dueAt(phase)).toBe(500 + IDLE_SAVE_MS);
    expect(run([{ type: 'landed', at: 600, isDirty: false }], { kind: 'saving', attempt: 0, nextDueAt: null })).toBe(SAVED);
  });

  it('retries a failed save after 2 s, 4 s, 8 s… up to 30 s, and says so', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    let phase = run([{ type: 'moved', at: 0 }, { type: 'started' }, { type: 'failed', at: 1_000, reason: 'Service unavailable', canRetry: true }]);
    expect(dueAt(phase)).toBe(3_000);
    expect(failureText(phase, 1_000)).toBe('save failed: Service unavailable — retrying in 2 s');
    phase = run([{ type: 'started' }, { type: 'failed', at: 3_000, reason: 'x', canRetry: true }], phase);
    expect(dueAt(phase)).toBe(7_000);
    // A move while waiting to retry does not bring the retry forward; w does.
    expect(dueAt(run([{ type: 'moved', at: 3_500 }], phase))).toBe(7_000);
    expect(dueAt(run([{ type: 'saveNow', at: 3_500 }], phase))).toBe(3_500);
  });

  it('stops on a failure waiting cannot mend, until w', () => {
    const phase = run([{ type: 'moved', at: 0 }, { type: 'started' }, { type: 'failed', at: 10, reason: 'Forbidden', canRetry: false }]);
    expect(dueAt(phase)).toBeNull();
    expect(failureText(phase, 10)).toBe('save failed: Forbidden — w tries again');
    expect(dueAt(run([{ type: 'moved', at: 20 }], phase))).toBeNull();
    expect(dueAt(run([{ type: 'saveNow', at: 30 }], phase))).toBe(30);
  });
});
