/**
 * The `reorder` section (`npm run bench -- --only reorder`): sorting and saving the 10,000-entry playlist and
 * the journal's cost per move, measured in-process on the sources. The planning figures the issue asks for
 * (sort, plan, request count against the lower bound n − longest kept run), and the CPU a move spends on its
 * journal inside the key: the store's observer (journal-recorder.ts) writing through the dashboard's files
 * (src/cli/journals.ts: a temporary file, fsync, rename), measured around the observer alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlaylistItem } from '../../src/api/types.js';
import { openJournals } from '../../src/cli/journals.js';
import { JournalRecorder } from '../../src/ui/playlist-editor/journal-recorder.js';
import { createEditStore } from '../../src/ui/playlist-editor/edit-store.js';
import { createEdit } from '../../src/ui/playlist-editor/model/edit.js';
import { createArrangement } from '../../src/ui/playlist-editor/model/arrangement.js';
import { pushStep } from '../../src/ui/playlist-editor/model/history.js';
import { serializeJournal } from '../../src/ui/playlist-editor/model/journal-format.js';
import { SORT_PAGE, sortStep, sortValueOf, textCollator, type SortKey } from '../../src/ui/playlist-editor/model/sort.js';
import { planMoves } from '../../src/ui/playlist-editor/model/save-plan.js';
import { median, round, type Figure } from './figures.js';

const N = 10_000;
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const WORDS = ['Silver', 'magpie', 'Échos', 'river', 'Night', 'über', 'Track', 'déjà', 'glass', 'Zephyr', 'north', 'Ånd'];
const word = () => WORDS[Math.floor(random() * WORDS.length)]!;

const items: PlaylistItem[] = Array.from({ length: N }, (_, i) => ({
  added_at: new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 1e11)).toISOString(), added_by: null, is_local: false,
  track: {
    type: 'track', id: `t${i}`, uri: `playdeck:track:${i.toString(36).padStart(6, '0')}`,
    name: `${word()} ${word()} ${Math.floor(random() * 40)}`, album: { name: `${word()} ${word()}` } as never,
    artists: [{ name: word() }] as never, duration_ms: 60_000 + Math.floor(random() * 300_000), explicit: false, popularity: 0,
    is_playable: true, is_local: false, restrictions: null, linked_from: null, track_number: 1, disc_number: 1,
  },
}));

function lisLength(sequence: ArrayLike<number>): number {
  const tails: number[] = [];
  for (let i = 0; i < sequence.length; i++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tails[middle]! < sequence[i]!) low = middle + 1;
      else high = middle;
    }
    tails[low] = sequence[i]!;
  }
  return tails.length;
}

const time = (run: () => void, times = 7): number => median(Array.from({ length: times }, () => {
  const start = performance.now();
  run();
  return performance.now() - start;
}))!;

/** Sort and plan of each key: the slowest of each, and the requests of each against its lower bound. */
function sortFigures(): Figure[] {
  const collator = textCollator('en');
  let slowestSort = 0;
  let slowestPlan = 0;
  let overBound = 0;
  const requests: string[] = [];
  for (const key of ['title', 'artist', 'album', 'duration', 'added'] as SortKey[]) {
    const values = items.map((item) => sortValueOf(item, key));
    const state = createArrangement(N);
    let sorted = state;
    slowestSort = Math.max(slowestSort, time(() => {
      const step = sortStep(state, key, (position) => values[position]!, collator);
      sorted = step === null ? state : pushStep(state, step);
    }));
    let moves = 0;
    slowestPlan = Math.max(slowestPlan, time(() => (moves = planMoves(Array.from(sorted.savedOrder), sorted.order).length)));
    const bound = N - lisLength(sorted.order);
    overBound = Math.max(overBound, moves - bound);
    requests.push(`${key} ${moves} (bound ${bound})`);
  }
  const method = `in-process, ${N.toLocaleString('en')} entries of random names, median of 7 runs per key (title, artist, album, duration, date added)`;
  return [
    { section: 'reorder', name: 'sort of 10,000, slowest key', value: round(slowestSort, 1), unit: 'ms', method },
    { section: 'reorder', name: 'plan of the save, slowest key', value: round(slowestPlan, 1), unit: 'ms', budget: { max: 100 }, method },
    {
      section: 'reorder', name: 'save requests over n − LIS, worst key', value: overBound, unit: 'count', budget: { max: 0 },
      method: `requests of the planned save minus the lower bound; ${Math.ceil(N / SORT_PAGE)} requests load what a sort needs`,
      note: requests.join(', '),
    },
  ];
}

const SERVICE = 'http://127.0.0.1/v1';
const HEIGHT = 30;
const MOVES = 41;

/**
 * CPU and time a move spends on its journal, in the key: the observer alone, each move a `J` somewhere in the
 * playlist; the first move (the folder made, the identities' text made) is left out of the median.
 */
async function journalFigures(label: string, pages: number, sorted: boolean): Promise<Figure[]> {
  const dir = await mkdtemp(join(tmpdir(), 'playdeck-bench-journal-'));
  try {
    const journals = await openJournals(SERVICE, () => {}, dir);
    const initial = createEdit(N, 's', 100);
    const recorder = new JournalRecorder({ journals, playlistId: 'big', playlistName: 'Big', initial, resumed: null, onError: (line) => { throw new Error(line); } });
    const cpu: number[] = [];
    const wall: number[] = [];
    let isMeasured = false;
    const store = createEditStore(initial, (before, after, action) => {
      const began = performance.now();
      const used = process.cpuUsage();
      const refusal = recorder.observe(before, after, action);
      const spent = process.cpuUsage(used);
      if (!isMeasured) return refusal;
      cpu.push((spent.user + spent.system) / 1000);
      wall.push(performance.now() - began);
      return refusal;
    });
    for (let offset = 0; offset < pages * 100; offset += 100) {
      store.dispatch({ type: 'page', generation: 0, offset, items: items.slice(offset, offset + 100), total: N });
    }
    if (sorted) {
      const titles = items.map((item) => sortValueOf(item, 'title'));
      const step = sortStep(store.getState().arrangement, 'title', (position) => titles[position]!, textCollator('en'))!;
      store.dispatch({ type: 'step', step, height: HEIGHT });
    }
    isMeasured = true;
    for (let move = 0; move < MOVES; move++) {
      store.dispatch({ type: 'cursorTo', index: (move * 137) % (N - 1), height: HEIGHT });
      store.dispatch({ type: 'arrange', action: { type: 'moveDown' }, height: HEIGHT });
    }
    const left = recorder.close();
    if (left === null) throw new Error('the moves left nothing pending');
    const size = serializeJournal(left).length;
    const method = `in-process: the store's observer around one J on the 10,000-entry playlist, ${label}; journal of ${(size / 1024).toFixed(0)} KB ` +
      `written to a temporary file, fsync, rename, folder fsync (${tmpdir()}); median of ${MOVES - 1} moves`;
    return [
      { section: 'reorder', name: `journal per move, CPU in the key (${label})`, value: round(median(cpu.slice(1)), 2), unit: 'ms', budget: { max: 2 }, method },
      { section: 'reorder', name: `journal per move, until on disk (${label})`, value: round(median(wall.slice(1)), 2), unit: 'ms', method },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * CPU a removal (`D`) spends in the key before the screen can show it: the whole dispatch, the edit's reducer
 * (the entry taken out of the 10,000-entry order, one undo step) and its journal written and flushed; each
 * `D` on a row of the first page, 100 entries known; the first left out of the median.
 */
async function removalFigures(): Promise<Figure[]> {
  const dir = await mkdtemp(join(tmpdir(), 'playdeck-bench-journal-'));
  try {
    const journals = await openJournals(SERVICE, () => {}, dir);
    const initial = createEdit(N, 's', 100);
    const recorder = new JournalRecorder({ journals, playlistId: 'big', playlistName: 'Big', initial, resumed: null, onError: (line) => { throw new Error(line); } });
    const store = createEditStore(initial, recorder.observe);
    store.dispatch({ type: 'page', generation: 0, offset: 0, items: items.slice(0, 100), total: N });
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let removal = 0; removal < MOVES; removal++) {
      const row = (removal * 7) % 50;
      const began = performance.now();
      const used = process.cpuUsage();
      store.dispatch({ type: 'remove', rows: [row], height: HEIGHT });
      const spent = process.cpuUsage(used);
      cpu.push((spent.user + spent.system) / 1000);
      wall.push(performance.now() - began);
    }
    if (store.getState().arrangement.order.length !== N - MOVES) throw new Error('a removal did not take its row out');
    recorder.close();
    const method = `in-process: store.dispatch of one D (the edit's reducer, one undo step, and its journal written to a temporary file, ` +
      `fsync, rename, folder fsync in ${tmpdir()}) on the 10,000-entry playlist, 100 entries known; median of ${MOVES - 1} removals`;
    return [
      { section: 'reorder', name: 'removal (D), CPU in the key: the edit and its journal', value: round(median(cpu.slice(1)), 2), unit: 'ms', budget: { max: 2 }, method },
      { section: 'reorder', name: 'removal (D), until on disk', value: round(median(wall.slice(1)), 2), unit: 'ms', method },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function benchReorder(): Promise<Figure[]> {
  return [
    ...sortFigures(),
    ...(await journalFigures('a few moves, 100 entries known', 1, false)),
    ...(await journalFigures('after a sort, all 10,000 entries known', N / 100, true)),
    ...(await removalFigures()),
  ];
}
