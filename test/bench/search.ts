import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, round, type Figure } from './figures.js';
import { stop } from './processes.js';
import { startService } from './program.js';

/**
 * Search in the service (issue 28): `playdeck serve` on a fresh database of the default catalog, then on one
 * of a million tracks (`--catalog-tracks 1000000 --liked-songs 10000`, seeded here: its time is a figure),
 * each answering the same mix of queries as a person types them: whole names of one to three words, the
 * same being typed (a letter, two, a word and the next one begun), names with their accents dropped or
 * in capitals, and misses. Every query is sent once (no cached answer helps), all seven kinds at once with
 * 10 of each, as the dashboard's search asks; each figure is the HTTP round trip on loopback.
 */

const ALL_KINDS = 'track,album,artist,playlist,show,episode,audiobook';
const QUERIES = 300;
const WARM_UP = 20;
const MILLION = 1_000_000;

interface Served {
  baseUrl: string;
  headers: Record<string, string>;
  get(path: string): Promise<any>;
}

/** A small deterministic random, so that every run asks the same queries of the same catalog. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
}

const stripAccents = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '');

/** Names to look for: liked songs, their albums and artists, followed artists, saved albums. */
async function namesOf(served: Served): Promise<string[]> {
  const names = new Set<string>();
  for (const offset of [0, 50, 100, 150]) {
    const page = await served.get(`/me/tracks?limit=50&offset=${offset}`);
    for (const { track } of page.items) {
      names.add(track.name);
      names.add(track.album.name);
      for (const artist of track.artists) names.add(artist.name);
    }
  }
  for (const artist of (await served.get('/me/following?type=artist&limit=50')).artists.items) names.add(artist.name);
  for (const { album } of (await served.get('/me/albums?limit=50')).items) names.add(album.name);
  return [...names];
}

/** The mix: names (30 %), the same being typed (40 %), accents dropped or capitals (15 %), misses (15 %). */
function queryMix(names: readonly string[], count: number): string[] {
  const random = lcg(0x5ea4c4);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const words = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 3);
  const queries = new Set<string>();
  while (queries.size < count) {
    const roll = random();
    const name = words(pick(names));
    if (roll < 0.3) queries.add(name.join(' '));
    else if (roll < 0.7) {
      const upTo = 1 + Math.floor(random() * name.length);
      const typed = name.slice(0, upTo);
      const last = typed.at(-1)!;
      typed[typed.length - 1] = last.slice(0, 1 + Math.floor(random() * Math.max(1, last.length - 1)));
      queries.add(typed.join(' '));
    } else if (roll < 0.85) queries.add(random() < 0.5 ? stripAccents(name.join(' ')).toLowerCase() : name.join(' ').toUpperCase());
    else queries.add(Array.from({ length: 3 + Math.floor(random() * 5) }, () => pick('qxzvjkwy'.split(''))).join(''));
  }
  return [...queries];
}

async function timeSearches(served: Served, queries: readonly string[]): Promise<number[]> {
  const times: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    const response = await fetch(`${served.baseUrl}/search?q=${encodeURIComponent(query)}&type=${ALL_KINDS}&limit=10`, { headers: served.headers });
    if (response.status !== 200) throw new Error(`search for ${JSON.stringify(query)}: ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

/** Serves a fresh database at `db` with `args`; the time to the printed token is the seed's and the start's. */
async function serveFresh(db: string, args: string[]): Promise<{ served: Served; child: Awaited<ReturnType<typeof startService>>['child']; startMs: number }> {
  const started = performance.now();
  const { child, values } = await startService(['--db', db, ...args]);
  const startMs = performance.now() - started;
  const headers = { authorization: `Bearer ${values.access_token}` };
  const served: Served = {
    baseUrl: values.base_url!,
    headers,
    get: async (path) => (await fetch(`${values.base_url}${path}`, { headers })).json(),
  };
  return { served, child, startMs };
}

const sizeOf = (path: string) => [path, `${path}-wal`].reduce((total, file) => total + (statSync(file, { throwIfNoEntry: false })?.size ?? 0), 0);

/** The size of a database on disk once serve closed it, in MB. */
function diskFigure(catalog: string, path: string, budget?: Figure['budget']): Figure {
  return {
    section: 'search',
    name: `database on disk, ${catalog}`,
    value: round(sizeOf(path) / 1e6, 1),
    unit: 'MB',
    ...(budget ? { budget } : {}),
    method: `the file (and its -wal) of a fresh database of the ${catalog} after searching it, once serve closed it`,
  };
}

/** The peak resident memory of a process, from the kernel (MB). */
function peakRssMb(pid: number | undefined): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmHWM:'));
    return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : null;
  } catch {
    return null;
  }
}

export async function benchSearch(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-search-'));
  const figures: Figure[] = [];
  const searchFigure = (name: string, times: number[], max: number, catalog: string): Figure => ({
    section: 'search',
    name,
    value: round(percentile(times, 95)),
    unit: 'ms',
    budget: { max },
    method: `GET /search?q=…&type=${ALL_KINDS}&limit=10, ${times.length} distinct queries (names, names being typed, accents dropped or capitals, misses) one after the other over keep-alive, on ${catalog}`,
    note: `p50 ${round(percentile(times, 50))} ms, max ${round(Math.max(...times))} ms`,
  });
  try {
    const defaultDb = join(dir, 'default.db');
    const standard = await serveFresh(defaultDb, []);
    try {
      const queries = queryMix(await namesOf(standard.served), QUERIES + WARM_UP);
      await timeSearches(standard.served, queries.slice(0, WARM_UP));
      figures.push(searchFigure('search p95, default catalog', await timeSearches(standard.served, queries.slice(WARM_UP)), 10, 'the default catalog (20,000 tracks)'));
    } finally {
      await stop(standard.child);
    }
    figures.push(diskFigure('default catalog', defaultDb, { max: 60 }));

    const millionDb = join(dir, 'million.db');
    const million = await serveFresh(millionDb, ['--catalog-tracks', String(MILLION), '--liked-songs', '10000']);
    try {
      figures.push({
        section: 'search',
        name: 'seeding a catalog of 1,000,000 tracks',
        value: Math.round(million.startMs),
        unit: 'ms',
        method: 'serve --catalog-tracks 1000000 --liked-songs 10000 on a fresh database, until it printed its token',
        note: `peak RSS ${peakRssMb(million.child.pid) ?? 'n/a'} MB`,
      });
      const queries = queryMix(await namesOf(million.served), QUERIES + WARM_UP);
      await timeSearches(million.served, queries.slice(0, WARM_UP));
      figures.push(searchFigure('search p95, 1,000,000 tracks', await timeSearches(million.served, queries.slice(WARM_UP)), 50, 'a catalog of 1,000,000 tracks'));
      const pages: number[] = [];
      for (let offset = 9_000; offset < 10_000; offset += 50) {
        const started = performance.now();
        await million.served.get(`/me/tracks?limit=50&offset=${offset}`);
        pages.push(performance.now() - started);
      }
      figures.push({
        section: 'search',
        name: 'a page of 10,000 liked songs, p50',
        value: round(percentile(pages, 50)),
        unit: 'ms',
        method: 'GET /me/tracks?limit=50 at offsets 9,000 to 9,950 of 10,000 liked songs (each page once), on the catalog of a million tracks',
        note: `p95 ${round(percentile(pages, 95))} ms`,
      });
    } finally {
      await stop(million.child);
    }
    figures.push(diskFigure('1,000,000 tracks', millionDb));
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
