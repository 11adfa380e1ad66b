import { watch } from 'node:fs';
import { basename, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';
import { CatalogWriter, type ReadFile } from './catalog-writer.js';
import type { RootName } from './placement.js';
import { readTags } from './read-tags.js';
import type { ScanMessage, ScanProgress, ScanSetup } from './scan-protocol.js';
import { walk, type FoundFile } from './walk.js';

/**
 * The scan, in a worker thread of its own (library-scan.ts starts it): walks the folders, reads the tags of
 * the files new or changed since the last scan (by size and time), and writes them through its own connection
 * in batches (catalog-writer.ts), the service reading meanwhile (WAL). Then it watches the folders and scans
 * again, after a short quiet, each part where something changed. The service ends it with the worker.
 */
const setup = workerData as ScanSetup;
const post = (message: ScanMessage) => parentPort!.postMessage(message);

/** Files read between commits: a batch costs one transaction, and the dashboard sees albums come in. */
const BATCH = 500;
/** Files read at once: the reads wait on the disk more than on the processor. */
const READ_AT_ONCE = 8;
/** Progress is told at most this often. */
const PROGRESS_EVERY_MS = 250;
/** How long the folder must be quiet before a change is scanned. */
const QUIET_MS = 400;

const db = new Sqlite(setup.db, { timeout: 5_000 });
db.pragma('journal_mode = WAL');
// What a batch writes can be read again from the files: a power cut may cost the last batch, never the database.
db.pragma('synchronous = NORMAL');
db.pragma('cache_size = -2000');
const roots = (Object.keys(setup.folders) as RootName[]).filter((root) => setup.folders[root] !== null);
const writer = new CatalogWriter(db, {
  music: basename(setup.folders.music ?? ''),
  podcasts: basename(setup.folders.podcasts ?? 'Podcasts'),
});
const knownStatement = db.prepare('SELECT path, size, mtime_ms FROM music_files WHERE root = ? AND (? = \'\' OR path = ? OR substr(path, 1, ?) = ?)');
const isFirst = (db.prepare('SELECT count(*) FROM music_files').pluck().get() as number) === 0;

/** A folder inside another (the podcasts folder in the music folder) is walked as its own only. */
const skipOf = (root: RootName): string[] => roots.filter((other) => other !== root && setup.folders[other]!.startsWith(`${setup.folders[root]}/`)).map((other) => setup.folders[other]!);

async function readAll(root: RootName, folder: string, files: readonly FoundFile[]): Promise<ReadFile[]> {
  const read: ReadFile[] = new Array(files.length);
  let next = 0;
  const reader = async () => {
    while (next < files.length) {
      const place = next++;
      const file = files[place]!;
      read[place] = { root, path: file.path, size: file.size, mtimeMs: file.mtimeMs, tags: await readTags(join(folder, file.path)) };
    }
  };
  await Promise.all(Array.from({ length: READ_AT_ONCE }, reader));
  return read;
}

/** Scans `under` (a folder relative to the root, '' for all) of every root, or of one. */
async function scan(parts: readonly { root: RootName; under: string }[], first: boolean): Promise<void> {
  const startedAt = performance.now();
  const progress: ScanProgress = { state: 'scanning', first, found: 0, read: 0, perSecond: 0 };
  let toldAt = 0;
  const tell = (force = false) => {
    const now = performance.now();
    if (!force && now - toldAt < PROGRESS_EVERY_MS) return;
    toldAt = now;
    progress.perSecond = Math.round(progress.read / Math.max(0.001, (now - startedAt) / 1000));
    post({ kind: 'progress', progress: { ...progress } });
  };
  tell(true);
  for (const { root, under } of parts) {
    const folder = setup.folders[root]!;
    const prefix = under === '' ? '' : `${under}/`;
    const rows = knownStatement.all(root, under, under, prefix.length, prefix) as { path: string; size: number; mtime_ms: number }[];
    const known = new Map(rows.map((row) => [row.path, row]));
    let pending: FoundFile[] = [];
    const commit = async () => {
      const read = await readAll(root, folder, pending);
      pending = [];
      progress.read += read.length;
      if (writer.apply({ removed: [], read })) post({ kind: 'committed' });
      tell();
    };
    let foundHere = 0;
    for (const file of walk({ folder, followOutsideLinks: setup.followOutsideLinks, under, skip: skipOf(root) })) {
      progress.found += 1;
      foundHere += 1;
      const before = known.get(file.path);
      known.delete(file.path);
      if (before && before.size === file.size && before.mtime_ms === file.mtimeMs) {
        tell();
        continue;
      }
      pending.push(file);
      if (pending.length >= BATCH) await commit();
      else tell();
    }
    if (pending.length > 0) await commit();
    // A whole folder found empty that held files is more likely a disk not mounted than music thrown away.
    if (under === '' && foundHere === 0 && known.size > 0) {
      post({ kind: 'failed', message: `${folder} holds no audio file now: its catalog is kept as it was (a disk not mounted?)` });
      continue;
    }
    if (writer.apply({ removed: [...known.keys()].map((path) => ({ root, path })), read: [] })) post({ kind: 'committed' });
  }
  progress.state = 'idle';
  tell(true);
}

/** Parts changed since the last scan, scanned once the folder has been quiet for QUIET_MS. */
function watchFolders(): void {
  const changed = new Map<RootName, Set<string>>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    timer = null;
    const parts = [...changed].flatMap(([root, folders]) => {
      // A folder inside another changed one is scanned with it.
      const sorted = [...folders].sort();
      return sorted.filter((under, place) => !sorted.slice(0, place).some((outer) => outer === '' || under.startsWith(`${outer}/`))).map((under) => ({ root, under }));
    });
    changed.clear();
    running = running.then(() => scan(parts, false)).catch((error: unknown) => post({ kind: 'failed', message: String(error) }));
  };
  for (const root of roots) {
    const folder = setup.folders[root]!;
    const skipped = skipOf(root).map((path) => path.slice(folder.length + 1));
    try {
      const watcher = watch(folder, { recursive: true }, (_event, name) => {
        const path = typeof name === 'string' ? name : null;
        if (path !== null && skipped.some((inner) => path === inner || path.startsWith(`${inner}/`))) return;
        // The folder the change is in: a file added, removed or renamed, or a folder itself.
        const under = path === null || !path.includes('/') ? '' : path.slice(0, path.lastIndexOf('/'));
        if (!changed.has(root)) changed.set(root, new Set());
        changed.get(root)!.add(under);
        if (timer) clearTimeout(timer);
        timer = setTimeout(flush, QUIET_MS);
      });
      watcher.on('error', () => watcher.close());
    } catch (error) {
      post({ kind: 'failed', message: `cannot watch ${folder}: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
}

/** Tries of the first scan: a fault of the moment (the database held by another program past its wait) is not the last word. */
const FIRST_SCAN_TRIES = 3;
const RETRY_AFTER_MS = 10_000;

for (let attempt = 1; attempt <= FIRST_SCAN_TRIES; attempt++) {
  try {
    await scan(roots.map((root) => ({ root, under: '' })), isFirst);
    break;
  } catch (error) {
    const last = attempt === FIRST_SCAN_TRIES;
    post({ kind: 'failed', message: `${error instanceof Error ? error.message : String(error)}${last ? '' : `: trying again in ${(RETRY_AFTER_MS * attempt) / 1000} s`}` });
    if (!last) await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS * attempt));
  }
}
// Watched even after a failed scan: the next change in the folder scans what it touches.
if (setup.watch) watchFolders();
else db.close();
