import { describe, expect, it } from 'vitest';
import type { PlaylistItem } from '../../../../src/api/types.js';
import { createEdit, editReducer } from '../../../../src/ui/playlist-editor/model/edit.js';
import type { PlaylistEdit } from '../../../../src/ui/playlist-editor/model/playlist-edit.js';
import { pushStep } from '../../../../src/ui/playlist-editor/model/history.js';
import {
  createJournal, isPending, journalFromEdit, journalNotice, withEntries, withInFlight, withOrder, type Journal,
} from '../../../../src/ui/playlist-editor/model/journal.js';
import { acknowledge } from '../../../../src/ui/playlist-editor/model/journal-landing.js';
import { resumeEdit } from '../../../../src/ui/playlist-editor/model/journal-resume.js';
import type { RangeMove } from '../../../../src/ui/playlist-editor/model/save-plan.js';
import { JournalFormatError, journalChunks, parseJournal, serializeJournal } from '../../../../src/ui/playlist-editor/model/journal-format.js';
import { rearrangeStep } from '../../../../src/ui/playlist-editor/model/history.js';
import { applyMoves, planMoves } from '../../../../src/ui/playlist-editor/model/save-plan.js';

const entry = (uri: string, addedAt = '2024-05-01T10:00:00Z'): PlaylistItem => ({
  added_at: addedAt, added_by: null, is_local: false, track: { type: 'track', uri } as PlaylistItem['track'],
});
const identityOf = (item: PlaylistItem) => `${item.track?.uri ?? ''} ${item.added_at}`;

/** 30 entries, two of them copies of one track added at the same moment (distinct entries, one identity). */
function playlist(): PlaylistItem[] {
  const items = Array.from({ length: 30 }, (_, i) => entry(`pd:track:${i}`));
  items[7] = entry('pd:track:dup');
  items[21] = entry('pd:track:dup');
  return items;
}

const HEIGHT = 10;
const moveRequest = (move: RangeMove) => ({ kind: 'move' as const, move });
const key = (state: PlaylistEdit, ...actions: Parameters<typeof editReducer>[1][]) => actions.reduce(editReducer, state);
const cursorTo = (index: number) => ({ type: 'cursorTo' as const, index, height: HEIGHT });
const press = (type: 'moveUp' | 'moveDown' | 'toggleMark', count?: number) =>
  ({ type: 'arrange' as const, action: type === 'toggleMark' ? { type } : { type, count }, height: HEIGHT });

/** An edit with every entry loaded: a range moved far, one entry moved, then the whole reversed. */
function editedPlaylist(items: PlaylistItem[]): PlaylistEdit {
  let state = createEdit(items.length, 's0', 10);
  for (let offset = 0; offset < items.length; offset += 10) {
    state = key(state, { type: 'page', generation: state.generation, offset, items: items.slice(offset, offset + 10), total: items.length });
  }
  state = key(state, cursorTo(2), press('toggleMark'), cursorTo(4), press('moveDown', 9), press('toggleMark'));
  state = key(state, cursorTo(20), press('moveUp', 15));
  const step = rearrangeStep(state.arrangement, Int32Array.from({ length: 30 }, (_, i) => (i * 7) % 30));
  return { ...state, arrangement: pushStep(state.arrangement, step!) as typeof state.arrangement };
}

const START = { service: 'http://127.0.0.1:4000/v1', playlistId: 'pl1', playlistName: 'Silver Magpies', at: Date.UTC(2026, 10, 23, 19, 2) };
const throughDisk = (journal: Journal): Journal => parseJournal(serializeJournal(journal));

/** A service holding entries in order, and the snapshot it is at. */
interface Service {
  snapshotId: string;
  items: PlaylistItem[];
}

/** Restarts from the journal on `service` and saves: the requests it sent and the service after. */
function resumeAndSave(journal: Journal, service: Service): { requests: number; items: PlaylistItem[] } {
  const fresh = service.snapshotId === journal.snapshotId ? null : { snapshotId: service.snapshotId, identities: service.items.map(identityOf) };
  const edit = resumeEdit(journal, fresh, 10);
  const moves = planMoves(Array.from(edit.arrangement.savedOrder), edit.arrangement.order);
  return { requests: moves.length, items: applyMoves(service.items, moves) };
}

describe('the journal of unsaved moves', () => {
  it('goes to text and back unchanged', () => {
    const items = playlist();
    const journal = journalFromEdit(START, editedPlaylist(items), 3);
    const back = throughDisk(journal);
    expect(back).toEqual(journal);
    expect(isPending(back)).toBe(true);
    expect(journalNotice(back, 'UTC')).toBe('3 unsaved moves in Silver Magpies from 19:02');
  });

  it('is written in pieces that make the same text, the identities encoded once per map', () => {
    const journal = journalFromEdit({ ...START, playlistName: 'Déjà vu · 東京' }, editedPlaylist(playlist()), 3);
    const chunks = journalChunks(journal);
    const text = chunks.map((chunk) => (typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk))).join('');
    expect(text).toBe(serializeJournal(journal));
    const moved = withOrder(journal, journal.order, journal.touched, 4, 9);
    expect(moved.touched).toBe(journal.touched);
    expect(journalChunks(moved)[1]).toBe(chunks[1]);
    expect(parseJournal(serializeJournal(moved)).changeCount).toBe(4);
  });

  it('writes a few moves in a 10,000-entry playlist as a few runs', () => {
    const journal = withOrder(createJournal({ ...START, snapshotId: 's', total: 10_000 }), [1, 0, ...Array.from({ length: 9_998 }, (_, i) => i + 2)], [1], 1, 0);
    expect(serializeJournal(journal).length).toBeLessThan(400);
  });

  it('refuses a journal that is cut short, repeats or loses an entry, or holds a bad identity', () => {
    const text = serializeJournal(journalFromEdit(START, editedPlaylist(playlist()), 3));
    const bad = [
      text.slice(0, text.length / 2),
      text.replace('"order":[[', '"order":[[0,1],['),
      text.replace(/"total":30/, '"total":31'),
      text.replace('pd:track:3 ', 'pd:track:3_'),
      text.replace('"version":2', '"version":3'),
      '{"format":"something else"}',
    ];
    for (const damaged of bad) expect(() => parseJournal(damaged), damaged).toThrow(JournalFormatError);
  });

  it('loses nothing and repeats nothing when killed at every step of a save', () => {
    const items = playlist();
    const edit = editedPlaylist(items);
    const desired = Array.from(edit.arrangement.order, (position) => identityOf(items[position]!));
    const moves = planMoves(Array.from(edit.arrangement.savedOrder), edit.arrangement.order);
    expect(moves.length).toBeGreaterThan(5);
    let journal = throughDisk(journalFromEdit(START, edit, 3));
    expect(journal.inFlight).toBeNull();
    const serviceAfter = (sent: number): Service => ({ snapshotId: `s${sent}`, items: applyMoves(items, moves.slice(0, sent)) });
    const killedWith = (state: Journal, sent: number, when: string) => {
      const after = resumeAndSave(state, serviceAfter(sent));
      expect(after.items.map(identityOf), when).toEqual(desired);
      expect(sent + after.requests, when).toBe(moves.length);
    };
    for (let acknowledged = 0; acknowledged < moves.length; acknowledged++) {
      killedWith(journal, acknowledged, `killed after ${acknowledged} answers`);
      // As the save does: the request is journaled before it goes out, then its answer.
      journal = throughDisk(withInFlight(journal, moveRequest(moves[acknowledged]!), 0));
      killedWith(journal, acknowledged, `killed before request ${acknowledged + 1} landed`);
      killedWith(journal, acknowledged + 1, `killed after request ${acknowledged + 1} landed, before its answer`);
      journal = throughDisk(acknowledge(journal, moveRequest(moves[acknowledged]!), `s${acknowledged + 1}`, 0));
    }
    killedWith(journal, moves.length, 'killed after the last answer');
    expect(journal.acknowledged).toBe(moves.length);
    expect(isPending(journal)).toBe(false);
  });

  it('merges a change made elsewhere between the kill and the restart', () => {
    const items = Array.from({ length: 12 }, (_, i) => entry(`pd:track:${i}`));
    let edit = createEdit(12, 's0', 10);
    edit = key(edit, { type: 'page', generation: 0, offset: 0, items: items.slice(0, 10), total: 12 });
    edit = key(edit, { type: 'page', generation: 0, offset: 10, items: items.slice(10), total: 12 });
    // The user moves entry 9 to the top.
    edit = key(edit, cursorTo(9), press('moveUp', 9));
    const journal = throughDisk(journalFromEdit(START, edit, 1));
    // Elsewhere: entry 0 removed, a new entry added at the end, entry 5 moved to the end.
    const elsewhere = [...items.slice(1, 5), ...items.slice(6), entry('pd:track:new'), items[5]!];
    const after = resumeAndSave(journal, { snapshotId: 'other', items: elsewhere });
    expect(after.items.map((item) => item.track!.uri.slice(9))).toEqual(['9', '1', '2', '3', '4', '6', '7', '8', '10', '11', 'new', '5']);
  });

  it('keeps identities learned as pages load and renumbers them as moves are acknowledged', () => {
    let journal = createJournal({ ...START, snapshotId: 's0', total: 4 });
    journal = withEntries(journal, 0, [entry('a'), entry('b'), entry('c'), entry('d')]);
    journal = withOrder(journal, [3, 0, 1, 2], [0, 0, 0, 1], 1, 5);
    journal = acknowledge(journal, moveRequest({ rangeStart: 3, insertBefore: 0, rangeLength: 1 }), 's1', 6);
    expect(Array.from(journal.order)).toEqual([0, 1, 2, 3]);
    expect(journal.identities.get(0)).toBe('d 2024-05-01T10:00:00Z');
    expect([...journal.touched]).toEqual([0]);
    expect(isPending(journal)).toBe(false);
  });

  it('resumes moves among entries never loaded while the service is still at the journal\'s snapshot', () => {
    // A marked range of 3,000 rows moved to the bottom of a 10,000-entry playlist, no page loaded.
    const order = [...Array.from({ length: 7_000 }, (_, i) => i + 3_000), ...Array.from({ length: 3_000 }, (_, i) => i)];
    const journal = throughDisk(withOrder(createJournal({ ...START, snapshotId: 's7', total: 10_000 }), order, [], 1, 0));
    const edit = resumeEdit(journal, null, 50);
    expect(Array.from(edit.arrangement.order)).toEqual(order);
    expect(planMoves(Array.from(edit.arrangement.savedOrder), edit.arrangement.order)).toEqual([{ rangeStart: 0, insertBefore: 10_000, rangeLength: 3_000 }]);
  });

  it('merges when the request in flight landed and the playlist also changed elsewhere', () => {
    const items = Array.from({ length: 6 }, (_, i) => entry(`pd:track:${i}`));
    let journal = createJournal({ ...START, snapshotId: 's0', total: 6 });
    journal = withEntries(journal, 0, items);
    // The user wants 5 first and 0 last: two requests.
    journal = withOrder(journal, [5, 1, 2, 3, 4, 0], [1, 0, 0, 0, 0, 1], 2, 0);
    const moves = planMoves([0, 1, 2, 3, 4, 5], journal.order);
    journal = throughDisk(withInFlight(journal, moveRequest(moves[0]!), 0));
    // The first landed; then someone added an entry at the top.
    const service = { snapshotId: 'elsewhere', items: [entry('pd:track:new'), ...applyMoves(items, moves.slice(0, 1))] };
    const after = resumeAndSave(journal, service);
    expect(after.items.map((item) => item.track!.uri.slice(9))).toEqual(['5', 'new', '1', '2', '3', '4', '0']);
  });
});

describe('journals of earlier versions', () => {
  it('reads a journal of moves written by version 1, its reorder in flight included', () => {
    const v1 = JSON.stringify({
      format: 'playdeck journal', version: 1, service: START.service, playlist_id: 'pl1', playlist_name: 'Silver Magpies', snapshot_id: 's0',
      total: 3, move_count: 2, acknowledged: 0, updated_at: START.at, in_flight: { range_start: 0, insert_before: 3, range_length: 1 },
      order: [[1, 2], [0, 1]], touched: [[0, 1]], identities: [[0, 'u:a t1', 'u:b t2', 'u:c t3']],
    });
    const journal = parseJournal(v1);
    expect(Array.from(journal.order)).toEqual([1, 2, 0]);
    expect(journal.baseLength).toBe(3);
    expect(journal.added).toEqual([]);
    expect(journal.changeCount).toBe(2);
    expect(journal.inFlight).toEqual({ kind: 'move', move: { rangeStart: 0, insertBefore: 3, rangeLength: 1 } });
    expect(journalNotice(journal, 'UTC')).toBe('2 unsaved moves in Silver Magpies from 19:02');
    // Written again, it is a journal of this version that says the same.
    expect(parseJournal(serializeJournal(journal))).toEqual(journal);
  });

  it('keeps entries taken out and added, and says "changes" for them', () => {
    const items = playlist();
    let edit = editedPlaylist(items);
    edit = key(edit, { type: 'remove', rows: [4, 5], height: HEIGHT }, { type: 'insert', at: 0, items: [entry('pd:track:new', '2026-11-23T19:00:00Z')], follow: true, height: HEIGHT });
    const journal = throughDisk(journalFromEdit(START, edit, 5));
    expect(journal.order.length).toBe(29);
    expect(journal.added.map((item) => item.track?.uri)).toEqual(['pd:track:new']);
    expect(journalNotice(journal, 'UTC')).toBe('5 unsaved changes in Silver Magpies from 19:02');
    const resumed = resumeEdit(journal, null, 10);
    expect(Array.from(resumed.arrangement.order)).toEqual(Array.from(edit.arrangement.order));
  });
});
