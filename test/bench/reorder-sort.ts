/**
 * Sorting and saving the 10,000-entry playlist, and the journal's cost per move, measured in-process:
 * `npx tsx test/bench/reorder-sort.ts`. Prints the planning figures the issue asks for (sort, plan, request
 * count against the lower bound n − longest kept run) and the CPU a move spends on its journal.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlaylistItem } from '../../src/api/types.js';
import { JournalStore } from '../../src/journal/store.js';
import { createReorderState, reorderReducer } from '../../src/ui/state/reorder.js';
import { pushStep } from '../../src/ui/state/reorder-history.js';
import { createJournal, withEntries, withOrder } from '../../src/ui/state/reorder-journal.js';
import { parseJournal, serializeJournal } from '../../src/ui/state/reorder-journal-format.js';
import { SORT_PAGE, sortStep, sortValueOf, textCollator, type SortKey } from '../../src/ui/state/reorder-sort.js';
import { planMoves } from '../../src/ui/state/save-planner.js';

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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const time = (run: () => void, times = 7) => median(Array.from({ length: times }, () => {
  const start = performance.now();
  run();
  return performance.now() - start;
}));

console.log(`sort of ${N.toLocaleString('en')} entries: ${Math.ceil(N / SORT_PAGE)} requests to load the key and identity`);
const collator = textCollator('en');
for (const key of ['title', 'artist', 'album', 'duration', 'added'] as SortKey[]) {
  const values = items.map((item) => sortValueOf(item, key));
  const state = createReorderState(N);
  let sorted = state;
  const sortMs = time(() => {
    const step = sortStep(state, key, (position) => values[position]!, collator);
    sorted = step === null ? state : pushStep(state, step);
  });
  let moves = 0;
  const planMs = time(() => (moves = planMoves(Array.from(sorted.savedOrder), sorted.order).length));
  const bound = N - lisLength(sorted.order);
  console.log(`  by ${key.padEnd(8)} sort ${sortMs.toFixed(1)} ms, plan ${planMs.toFixed(1)} ms, ${moves} requests (bound n − LIS = ${bound})`);
}

const dir = await mkdtemp(join(tmpdir(), 'playdeck-bench-journal-'));
const store = new JournalStore({ dir, parse: parseJournal, onNotice: () => undefined });
let journal = createJournal({ service: 'http://127.0.0.1/v1', playlistId: 'big', playlistName: 'Big', snapshotId: 's', total: N, at: 0 });
for (let offset = 0; offset < N; offset += 100) journal = withEntries(journal, offset, items.slice(offset, offset + 100));
const touched = new Uint8Array(N);
const titles = items.map((item) => sortValueOf(item, 'title'));
const unsorted = createReorderState(N);
const sortedByTitle = pushStep(unsorted, sortStep(unsorted, 'title', (position) => titles[position]!, collator)!);
for (const [label, start] of [['few moves', unsorted], ['after a sort', sortedByTitle]] as const) {
  let state = start;
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let move = 0; move < 40; move++) {
    state = reorderReducer(reorderReducer(state, { type: 'cursorTo', index: (move * 137) % N }), { type: 'moveDown' });
    const before = process.cpuUsage();
    const begun = performance.now();
    journal = withOrder(journal, state.order, touched, move + 1, Date.now());
    const written = store.save('http://127.0.0.1/v1', 'big', serializeJournal(journal));
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
    await written;
    wall.push(performance.now() - begun);
  }
  console.log(`journal per move, ${label} (10,000 identities, ${(serializeJournal(journal).length / 1024).toFixed(0)} KB): ` +
    `${median(cpu.slice(1)).toFixed(2)} ms CPU in the key, ${median(wall.slice(1)).toFixed(1)} ms until on disk (median of 39)`);
}
await rm(dir, { recursive: true, force: true });
