import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSync } from 'node:fs';
import { defaultJournalDir, journalFileName } from '../../src/journal/paths.js';
import { processLife } from '../../src/journal/process-life.js';
import { JournalStore, type WriteText, type WriteTextSync } from '../../src/journal/store.js';
import { createJournal, withOrder, type Journal } from '../../src/ui/playlist-editor/model/journal.js';
import { parseJournal, serializeJournal } from '../../src/ui/playlist-editor/model/journal-format.js';

const SERVICE = 'http://127.0.0.1:4000/v1';
let root: string;
let dir: string;
let notices: string[];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'playdeck-journal-'));
  dir = join(root, 'playdeck', 'journal');
  notices = [];
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A dashboard's store, its files named for process `pid`. */
const writer = (pid: number) => new JournalStore<Journal>({ dir, parse: parseJournal, onNotice: (line) => notices.push(line), pid });

const store = (writeText?: WriteText, writeTextSync?: WriteTextSync) =>
  new JournalStore<Journal>({ dir, parse: parseJournal, onNotice: (line) => notices.push(line), now: () => Date.UTC(2026, 10, 23, 19, 2, 15), writeText, writeTextSync });

function journal(moves: number): Journal {
  const start = createJournal({ service: SERVICE, playlistId: 'pl1', playlistName: 'Silver Magpies', snapshotId: 's1', total: 5, at: 1_000 });
  return withOrder(start, [4, 0, 1, 2, 3], [0, 0, 0, 0, 1], moves, 2_000);
}

describe('journal files', () => {
  it('lives under $XDG_STATE_HOME/playdeck/journal, one file per service, playlist and writer', () => {
    expect(defaultJournalDir({ XDG_STATE_HOME: '/state' })).toBe('/state/playdeck/journal');
    expect(defaultJournalDir({ XDG_STATE_HOME: 'relative', HOME: '/home/x' })).toMatch(/\.local\/state\/playdeck\/journal$/);
    // The writer: this process, its life (when it started, in which boot), a random part.
    expect(store().fileName(SERVICE, 'pl1')).toMatch(new RegExp(`^[0-9a-f]{12}-pl1\\.w${process.pid}-[0-9a-z]+-[0-9a-f]{8}-[0-9a-f]{8}\\.journal\\.json$`));
    expect(store().fileName(SERVICE, 'pl1')).not.toBe(store().fileName(SERVICE, 'pl1'));
    expect(journalFileName(SERVICE, 'pl1')).toMatch(/^[0-9a-f]{12}-pl1\.journal\.json$/);
    expect(journalFileName('http://other/v1', 'pl1')).not.toBe(journalFileName(SERVICE, 'pl1'));
    expect(journalFileName(SERVICE, '../x')).toMatch(/^[0-9a-f]{12}-[0-9a-f]{24}\.journal\.json$/);
  });

  it('writes a journal readable only by the user, reads it back, and removes it', async () => {
    const journals = store();
    await journals.save(SERVICE, 'pl1', serializeJournal(journal(3)));
    const file = join(dir, journals.fileName(SERVICE, 'pl1'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(await journals.load(SERVICE, 'pl1')).toEqual(journal(3));
    expect((await journals.list()).map((found) => found.journal.changeCount)).toEqual([3]);
    expect(await journals.list('http://elsewhere/v1')).toEqual([]);
    expect(await journals.list(SERVICE)).toHaveLength(1);
    await journals.remove(SERVICE, 'pl1');
    expect(await journals.load(SERVICE, 'pl1')).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes only the latest of the moves made while a write is under way', async () => {
    let writes = 0;
    let started!: () => void;
    let release!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const journals = store(async (handle, text) => {
      writes++;
      if (writes === 1) {
        started();
        await gate;
      }
      await handle.writeFile(text, 'utf8');
    });
    const first = journals.save(SERVICE, 'pl1', serializeJournal(journal(1)));
    await isStarted;
    const later = [2, 3, 4, 5].map((moves) => journals.save(SERVICE, 'pl1', serializeJournal(journal(moves))));
    release();
    await Promise.all([first, ...later]);
    expect(writes).toBe(2);
    expect((await journals.load(SERVICE, 'pl1'))!.changeCount).toBe(5);
  });

  it('leaves the previous journal whole when a write fails midway', async () => {
    let isDiskFull = false;
    const journals = store(async (handle, text) => {
      if (!isDiskFull) return handle.writeFile(text, 'utf8');
      await handle.writeFile(text.slice(0, text.length / 2), 'utf8');
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    await journals.save(SERVICE, 'pl1', serializeJournal(journal(1)));
    isDiskFull = true;
    await expect(journals.save(SERVICE, 'pl1', serializeJournal(journal(2)))).rejects.toThrow('no space left');
    expect((await journals.load(SERVICE, 'pl1'))!.changeCount).toBe(1);
    expect(await readdir(dir)).toEqual([journals.fileName(SERVICE, 'pl1')]);
    // The next write goes through as usual.
    isDiskFull = false;
    await journals.save(SERVICE, 'pl1', serializeJournal(journal(3)));
    expect((await journals.load(SERVICE, 'pl1'))!.changeCount).toBe(3);
  });

  it('sets a journal that cannot be read aside with a one-line notice, and never applies or deletes it', async () => {
    const journals = store();
    await journals.save(SERVICE, 'good', serializeJournal({ ...journal(2), playlistId: 'good' }));
    const name = journalFileName(SERVICE, 'pl1');
    const text = serializeJournal(journal(3));
    await writeFile(join(dir, name), text.slice(0, 40), { mode: 0o600 });
    const found = await journals.list();
    expect(found.map((entry) => entry.journal.playlistId)).toEqual(['good']);
    expect(notices).toEqual([`unsaved moves could not be read (not JSON (cut short?)): kept aside as ${join(dir, `${name}.corrupt-20261123T190215Z`)}`]);
    expect(await readFile(join(dir, `${name}.corrupt-20261123T190215Z`), 'utf8')).toBe(text.slice(0, 40));
    // Set aside once: the next start neither sees it nor reports it again.
    expect(await journals.list()).toHaveLength(1);
    expect(notices).toHaveLength(1);
  });

  it('writes synchronously: on disk, 0600 in a 0700 folder, when saveSync returns; gone when removeSync returns', async () => {
    const journals = store();
    journals.saveSync(SERVICE, 'pl1', serializeJournal(journal(4)));
    const file = join(dir, journals.fileName(SERVICE, 'pl1'));
    expect(parseJournal(await readFile(file, 'utf8')).changeCount).toBe(4);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    // The folder removed by hand meanwhile is made again.
    await rm(dir, { recursive: true });
    journals.saveSync(SERVICE, 'pl1', serializeJournal(journal(5)));
    expect(parseJournal(await readFile(file, 'utf8')).changeCount).toBe(5);
    journals.removeSync(SERVICE, 'pl1');
    journals.removeSync(SERVICE, 'pl1');
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves the previous journal whole when a synchronous write fails midway', async () => {
    let isDiskFull = false;
    const journals = store(undefined, (fd, [text]) => {
      writeSync(fd, isDiskFull ? (text as string).slice(0, (text as string).length / 2) : (text as string));
      if (isDiskFull) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    journals.saveSync(SERVICE, 'pl1', serializeJournal(journal(1)));
    isDiskFull = true;
    expect(() => journals.saveSync(SERVICE, 'pl1', serializeJournal(journal(2)))).toThrow('no space left');
    expect((await journals.load(SERVICE, 'pl1'))!.changeCount).toBe(1);
    expect(await readdir(dir)).toEqual([journals.fileName(SERVICE, 'pl1')]);
  });

  it('lets a synchronous write win over a queued one and over one under way', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    const journals = store(async (handle, text) => {
      started();
      await gate;
      await handle.writeFile(text, 'utf8');
    });
    const underWay = journals.save(SERVICE, 'pl1', serializeJournal(journal(1)));
    await isStarted;
    const queued = journals.save(SERVICE, 'pl1', serializeJournal(journal(2)));
    journals.saveSync(SERVICE, 'pl1', serializeJournal(journal(3)));
    release();
    await Promise.all([underWay, queued]);
    expect((await journals.load(SERVICE, 'pl1'))!.changeCount).toBe(3);
    expect(await readdir(dir)).toEqual([journals.fileName(SERVICE, 'pl1')]);
  });

  it("does not list a journal that another running dashboard writes, and lists it once that dashboard is gone", async () => {
    // The parent of this test's process plays a dashboard that runs; the second store is a dashboard starting beside it.
    const running = writer(process.ppid);
    running.saveSync(SERVICE, 'pl1', serializeJournal(journal(2)));
    expect(await writer(process.pid).list(SERVICE)).toEqual([]);
    expect(await running.list(SERVICE)).toHaveLength(1);
    // Killed: a dashboard whose process no longer runs (past the largest pid Linux gives).
    const killed = writer(4194305);
    killed.saveSync(SERVICE, 'pl1', serializeJournal(journal(3)));
    const starting = writer(process.pid);
    const found = await starting.list(SERVICE);
    expect(found.map((entry) => entry.journal.changeCount)).toEqual([3]);
    starting.removeFoundSync(found[0]!.file);
    running.removeSync(SERVICE, 'pl1');
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps a file per dashboard: two editing one playlist neither overwrite nor remove each other\'s, and a crashed one\'s is offered', async () => {
    // Two dashboards at once: the parent process stands for the first (it runs), this one for the second.
    const first = writer(process.ppid);
    const second = writer(process.pid);
    first.saveSync(SERVICE, 'pl1', serializeJournal(journal(2)));
    second.saveSync(SERVICE, 'pl1', serializeJournal(journal(5)));
    expect((await first.load(SERVICE, 'pl1'))!.changeCount).toBe(2);
    // The second saves its moves: its journal goes, the first's stays whole.
    second.removeSync(SERVICE, 'pl1');
    await second.remove(SERVICE, 'pl1');
    expect((await first.load(SERVICE, 'pl1'))!.changeCount).toBe(2);
    expect(await readdir(dir)).toEqual([first.fileName(SERVICE, 'pl1')]);

    // Both crash mid-edit (their processes gone): the next start offers each of their journals.
    const gone = [writer(4194305), writer(4194306)];
    gone[0]!.saveSync(SERVICE, 'pl1', serializeJournal(journal(1)));
    gone[1]!.saveSync(SERVICE, 'pl1', serializeJournal(journal(4)));
    expect((await writer(process.pid).list(SERVICE)).map((entry) => entry.journal.changeCount).sort()).toEqual([1, 4]);
  });

  describe('a writer judged by its life, not its process id alone (decisions §17)', () => {
    /** A process that runs until the test ends it, and stands for whatever the test says it is. */
    function runningProcess() {
      const child = spawn('sleep', ['600'], { stdio: 'ignore' });
      return { pid: child.pid!, stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill())) };
    }

    it('offers a journal renamed to a running process\'s id: that process did not start when its writer did', async () => {
      const other = runningProcess();
      try {
        // Written by a dashboard that crashed; its id is given to a process started later (after a reboot, say).
        const crashed = writer(process.pid);
        crashed.saveSync(SERVICE, 'pl1', serializeJournal(journal(3)));
        const [written] = await readdir(dir);
        const renamed = written!.replace(`.w${process.pid}-`, `.w${other.pid}-`);
        await rename(join(dir, written!), join(dir, renamed));
        const found = await writer(process.ppid).list(SERVICE);
        expect(found.map((entry) => [entry.file, entry.journal.changeCount])).toEqual([[renamed, 3]]);
      } finally {
        await other.stop();
      }
    });

    it('does not offer the journal of the very process that runs under that id, and offers it once it is gone', async () => {
      const other = runningProcess();
      const life = processLife(other.pid);
      expect(life).not.toBeNull();
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = journalFileName(SERVICE, 'pl1', `w${other.pid}-${life}-0123abcd`);
      await writeFile(join(dir, name), serializeJournal(journal(2)), { mode: 0o600 });
      expect(await writer(process.pid).list(SERVICE)).toEqual([]);
      await other.stop();
      expect((await writer(process.pid).list(SERVICE)).map((entry) => entry.file)).toEqual([name]);
    });

    it('judges a name without a life (an earlier playdeck\'s) by time: a process started after the file\'s last write did not write it', async () => {
      const other = runningProcess();
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const name = journalFileName(SERVICE, 'pl1', `w${other.pid}-0123abcd`);
        await writeFile(join(dir, name), serializeJournal(journal(2)), { mode: 0o600 });
        expect(await writer(process.pid).list(SERVICE)).toEqual([]);
        const anHourAgo = new Date(Date.now() - 3_600_000);
        await utimes(join(dir, name), anHourAgo, anHourAgo);
        expect((await writer(process.pid).list(SERVICE)).map((entry) => entry.file)).toEqual([name]);
      } finally {
        await other.stop();
      }
    });
  });

  it('reads the one file per playlist an earlier playdeck wrote, and removes its owner file with it', async () => {
    const legacy = journalFileName(SERVICE, 'pl1');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(join(dir, legacy), serializeJournal(journal(6)), { mode: 0o600 });
    await writeFile(join(dir, `${legacy}.owner`), '4194305');
    const journals = store();
    const found = await journals.list(SERVICE);
    expect(found.map((entry) => [entry.file, entry.journal.changeCount])).toEqual([[legacy, 6]]);
    journals.removeFoundSync(legacy);
    expect(await readdir(dir)).toEqual([]);
    expect(() => journals.removeFoundSync('../elsewhere.journal.json')).toThrow('not a journal file');
  });

  it('finds nothing when no journal was ever written', async () => {
    expect(await store().list()).toEqual([]);
    expect(await store().load(SERVICE, 'pl1')).toBeNull();
  });
});
