import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { offerText } from '../../../src/ui/playlist-editor/hooks/use-journal-offers.js';
import { QUIT_PROMPT } from '../../../src/ui/playlist-editor/hooks/use-quit-prompt.js';
import { parseJournal } from '../../../src/ui/playlist-editor/model/journal-format.js';
import type { Journal } from '../../../src/ui/playlist-editor/model/journal.js';
import { UnsavedJournals, type JournalFiles } from '../../../src/ui/playlist-editor/model/unsaved-journals.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { renderApp, type RenderedApp } from '../../helpers/render.js';
import { cursorRow, elapse, namesOnService, rowNames } from './editor-harness.js';

const SERVICE = 'http://127.0.0.1:4000/v1';

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The journal's text from the pieces it is written in. */
const textOf = (chunks: readonly (string | Uint8Array)[]): string =>
  chunks.map((chunk) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))).join('');

/** Journal files in memory, shared by the runs of one test as a disk would be: each run writes files of its own. */
function memoryDisk() {
  const disk = new Map<string, string>();
  const foundAt = new Map<Journal, string>();
  let runs = 0;
  /** The files of the next run. */
  const files = (): JournalFiles => {
    const run = ++runs;
    return {
      write: (id, chunks) => void disk.set(`${run}/${id}`, textOf(chunks)),
      remove: (id) => void disk.delete(`${run}/${id}`),
      removeLeftOver: (journal) => void disk.delete(foundAt.get(journal)!),
    };
  };
  /** What a start finds: every journal on the disk, each remembered with its file. */
  const found = () =>
    [...disk].map(([file, text]) => {
      const journal = parseJournal(text);
      foundAt.set(journal, file);
      return journal;
    });
  return { disk, files, found };
}

type MemoryDisk = ReturnType<typeof memoryDisk>;

const statusLine = (app: RenderedApp): string => app.frame().split('\n').at(-1) ?? '';

/** A run of the dashboard that opens the first playlist and moves its first item down, then dies (unsaved). */
async function runThatDies(api: FakeApi, files: JournalFiles) {
  const app = renderApp(<App api={api} journals={new UnsavedJournals(SERVICE, files)} />);
  const playlist = api.playlists()[0]!;
  await app.waitForFrame(playlist.description);
  const names = await namesOnService(api, playlist.id);
  await app.press('2', 'enter');
  await app.waitForFrame((frame) => cursorRow(frame)?.name === names[0]);
  await app.press('J');
  await app.waitForFrame((frame) => rowNames(frame)[1] === names[0]);
  return { app, playlist, names };
}

/** The next run, with the journals the ones before left. */
async function restart(api: FakeApi, memory: MemoryDisk, setAside: string[] = []) {
  const journals = new UnsavedJournals(SERVICE, memory.files(), memory.found(), setAside);
  const app = renderApp(<App api={api} journals={journals} />);
  await app.waitForFrame(api.playlists()[0]!.description);
  return { app, journals };
}

describe('unsaved moves left by an earlier run', () => {
  it('are offered at start; s restores them on the playlist and saves them once', async () => {
    const api = createFakeApi();
    const memory = memoryDisk();
    const { disk } = memory;
    const first = await runThatDies(api, memory.files());
    first.app.unmount();
    expect(disk.size).toBe(1);
    const journal = parseJournal([...disk.values()][0]!);
    expect(offerText(journal)).toMatch(/^1 unsaved move in Northern Harbour from \d\d:\d\d — s save, d discard, Esc later$/);

    const { app } = await restart(api, memory);
    await app.waitForFrame(() => statusLine(app).includes(offerText(journal)));
    // The offer has the keys: n is not "next" here.
    await app.press('n');
    expect(api.callsTo('next')).toHaveLength(0);
    await app.press('s');
    await elapse(0);
    await app.waitForFrame((frame) => /\bsaved\b/.test(statusLine(app)) && rowNames(frame)[1] === first.names[0]);
    expect(await namesOnService(api, first.playlist.id)).toEqual([first.names[1], first.names[0], ...first.names.slice(2)]);
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1);
    expect(disk.size).toBe(0);
  });

  it('d asks, then discards them: the journal goes and the service is left alone', async () => {
    const api = createFakeApi();
    const memory = memoryDisk();
    const { disk } = memory;
    const first = await runThatDies(api, memory.files());
    first.app.unmount();
    const { app } = await restart(api, memory);
    await app.waitForFrame(() => statusLine(app).includes('s save, d discard, Esc later'));
    await app.press('d');
    await app.waitForFrame(() => /Discard 1 unsaved move in Northern Harbour from \d\d:\d\d\? y discards them, n keeps them/.test(statusLine(app)));
    await app.press('n');
    await app.waitForFrame(() => statusLine(app).includes('s save, d discard, Esc later'));
    expect(disk.size).toBe(1);
    await app.press('d', 'y');
    await app.waitForFrame(() => !statusLine(app).includes('unsaved move'));
    expect(disk.size).toBe(0);
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(0);
    expect(await namesOnService(api, first.playlist.id)).toEqual(first.names);
  });

  it('Esc leaves them for later: the file stays, and opening the playlist restores them, u takes them back', async () => {
    const api = createFakeApi();
    const memory = memoryDisk();
    const { disk } = memory;
    const first = await runThatDies(api, memory.files());
    first.app.unmount();
    const { app } = await restart(api, memory);
    await app.waitForFrame(() => statusLine(app).includes('Esc later'));
    await app.press('escape');
    await app.waitForFrame(() => !statusLine(app).includes('Esc later'));
    expect(disk.size).toBe(1);
    await app.press('2', 'enter');
    await app.waitForFrame((frame) => rowNames(frame)[1] === first.names[0] && statusLine(app).includes('1 unsaved move restored (u takes them back)'));
    await app.press('u');
    await app.waitForFrame((frame) => rowNames(frame)[0] === first.names[0]);
    expect(disk.size).toBe(0);
  });

  it('quitting with d discards the moves with their journal; Ctrl+C quits and keeps it', async () => {
    const api = createFakeApi();
    const kept = memoryDisk();
    const run = await runThatDies(api, kept.files());
    await run.app.press('q');
    await run.app.waitForFrame(QUIT_PROMPT);
    await run.app.press('ctrl-c');
    await run.app.exited();
    expect(kept.disk.size).toBe(1);

    const discarded = memoryDisk();
    const again = await runThatDies(createFakeApi(), discarded.files());
    await again.app.press('q');
    await again.app.waitForFrame(QUIT_PROMPT);
    await again.app.press('d');
    await again.app.exited();
    expect(discarded.disk.size).toBe(0);
  });

  it('two dashboards that crashed on one playlist: each journal is offered; one discarded leaves the other, which s saves', async () => {
    const api = createFakeApi();
    const memory = memoryDisk();
    const first = await runThatDies(api, memory.files());
    const second = await runThatDies(api, memory.files());
    first.app.unmount();
    second.app.unmount();
    expect(memory.disk.size).toBe(2);

    const { app } = await restart(api, memory);
    await app.waitForFrame(() => statusLine(app).includes('s save, d discard, Esc later'));
    await app.press('d', 'y');
    await elapse(0);
    expect(memory.disk.size).toBe(1);
    await app.waitForFrame(() => statusLine(app).includes('s save, d discard, Esc later'));
    await app.press('s');
    await elapse(0);
    await app.waitForFrame((frame) => /\bsaved\b/.test(statusLine(app)) && rowNames(frame)[1] === first.names[0]);
    expect(await namesOnService(api, first.playlist.id)).toEqual([first.names[1], first.names[0], ...first.names.slice(2)]);
    expect(memory.disk.size).toBe(0);
  });

  it('a journal set aside as unreadable is named in the status line', async () => {
    const api = createFakeApi();
    const line = 'unsaved moves could not be read (not JSON (cut short?)): kept aside as /state/x.corrupt-20261123T190215Z';
    const { app } = await restart(api, memoryDisk(), [line]);
    await app.waitForFrame(() => statusLine(app).includes('unsaved moves could not be read (not JSON (cut short?)): kept aside as'));
  });
});
