import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { fetchRaw, measureRequestsPerSecond } from './load.js';
import { percentile, round, type Figure } from './figures.js';
import { spawnAndRead, stop } from './processes.js';
import { serviceNode, startService } from './program.js';

interface Latency {
  p50Ms: number | null;
  p90Ms: number | null;
  samples: number;
}

interface ServiceFigures {
  targets: { name: string; path: string; serviceRps: number; bareRps: number; ratio: number }[];
  reorder100: Latency;
  add100: Latency;
  remove100: Latency;
}

const latencyOf = (samples: number[]): Latency => ({ p50Ms: round(percentile(samples, 50)), p90Ms: round(percentile(samples, 90)), samples: samples.length });

/**
 * Requests per second of three operations on `playdeck serve`, each as a ratio to a bare node:http server
 * replaying the very bytes the service answered, measured alternately in the same run; then the latency of
 * reordering a 100-item range of the 10,000-item playlist, and of adding 100 items to it and removing them
 * again by their 100 URIs (HTTP round trip included, database on a file).
 */
/** The yardstick as plain JavaScript: run through tsx's loader it answered 10-15 % fewer requests. */
async function compiledBareServer(dir: string): Promise<string> {
  const outfile = join(dir, 'bare-server.mjs');
  await build({ entryPoints: ['test/bench/bare-server.ts'], outfile, platform: 'node', format: 'esm', logLevel: 'warning' });
  return outfile;
}

/** Rounds of service then bare server per target, each `durationMs / ROUNDS` long. */
const ROUNDS = 6;

async function measureService({ durationMs = 3_000 } = {}): Promise<ServiceFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-'));
  const { child: service, values } = await startService(['--db', join(dir, 'bench.db')]);
  const baseUrl = values.base_url!;
  const headers = { authorization: `Bearer ${values.access_token}` };
  try {
    const json = async (path: string) => (await fetch(`${baseUrl}${path}`, { headers })).json() as Promise<any>;
    const playlists = await json('/me/playlists?limit=50');
    const big = playlists.items.find((p: any) => p.tracks.total >= 10_000);
    const firstPage = await json(`/playlists/${big.id}/tracks?limit=1`);
    const trackId = firstPage.items[0].track.id;
    const bigPath = `/playlists/${big.id}/tracks?limit=100&offset=9900`;
    const targets = [
      { name: 'GET /v1/me/player', path: '/me/player' },
      { name: 'GET /v1/tracks/{id}', path: `/tracks/${trackId}` },
      { name: 'GET 100 items at offset 9,900', path: bigPath },
    ];
    const recorded: Record<string, { contentType: string; body: string }> = {};
    for (const target of targets) {
      const raw = await fetchRaw(`${baseUrl}${target.path}`, headers);
      recorded[new URL(`${baseUrl}${target.path}`).pathname + new URL(`${baseUrl}${target.path}`).search] = {
        contentType: raw.contentType,
        body: raw.body.toString('base64'),
      };
    }
    writeFileSync(join(dir, 'recorded.json'), JSON.stringify(recorded));
    const { child: bare, values: bareValues } = await spawnAndRead(
      serviceNode(),
      [await compiledBareServer(dir), join(dir, 'recorded.json')],
      ['port'],
    );
    const bareOrigin = `http://127.0.0.1:${bareValues.port}`;
    const results: ServiceFigures['targets'] = [];
    try {
      for (const target of targets) {
        const url = new URL(`${baseUrl}${target.path}`);
        const bareUrl = `${bareOrigin}${url.pathname}${url.search}`;
        await measureRequestsPerSecond(url.href, { durationMs: 500, headers }); // warm-up
        await measureRequestsPerSecond(bareUrl, { durationMs: 500 });
        // Alternated in short rounds, so that what else the machine does weighs on both alike.
        let serviceRps = 0;
        let bareRps = 0;
        for (let round = 0; round < ROUNDS; round++) {
          serviceRps += (await measureRequestsPerSecond(url.href, { durationMs: durationMs / ROUNDS, headers })).requestsPerSecond / ROUNDS;
          bareRps += (await measureRequestsPerSecond(bareUrl, { durationMs: durationMs / ROUNDS })).requestsPerSecond / ROUNDS;
        }
        results.push({
          name: target.name,
          path: target.path,
          serviceRps: Math.round(serviceRps),
          bareRps: Math.round(bareRps),
          ratio: Number((serviceRps / bareRps).toFixed(2)),
        });
      }
    } finally {
      await stop(bare);
    }

    const latencies: number[] = [];
    let snapshot = big.snapshot_id as string;
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/playlists/${big.id}/tracks`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ range_start: (i * 37) % 9_900, insert_before: (i * 91 + 5_000) % 10_000, range_length: 100, snapshot_id: snapshot }),
      });
      const body = (await response.json()) as { snapshot_id: string };
      latencies.push(performance.now() - started);
      snapshot = body.snapshot_id;
    }
    const { adds, removals } = await timeAddsAndRemovals(baseUrl, headers, big.id, snapshot);
    return { targets: results, reorder100: latencyOf(latencies), add100: latencyOf(adds), remove100: latencyOf(removals) };
  } finally {
    await stop(service);
  }
}

/**
 * 100 episodes (which the 10,000-item playlist, all tracks, does not hold) added at a position, then removed
 * by their URIs, on the snapshot the add returned: the playlist stays 10,000 long from round to round.
 */
async function timeAddsAndRemovals(baseUrl: string, headers: Record<string, string>, playlistId: string, snapshotId: string) {
  const json = async (path: string) => (await fetch(`${baseUrl}${path}`, { headers })).json() as Promise<any>;
  const uris: string[] = [];
  for (const { show } of (await json('/me/shows?limit=10')).items) {
    for (const episode of (await json(`/shows/${show.id}/episodes?limit=50`)).items) if (uris.length < 100) uris.push(episode.uri);
  }
  if (uris.length < 100) throw new Error(`bench: only ${uris.length} episodes found for the add and removal`);
  const send = async (method: string, body: object) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/playlists/${playlistId}/items`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await response.json()) as { snapshot_id: string };
    if (!response.ok) throw new Error(`bench: ${method} answered ${response.status} ${JSON.stringify(answer)}`);
    return { ms: performance.now() - started, snapshotId: answer.snapshot_id };
  };
  const adds: number[] = [];
  const removals: number[] = [];
  let snapshot = snapshotId;
  for (let i = 0; i < 200; i++) {
    const added = await send('POST', { uris, position: (i * 37) % 10_000 });
    const removed = await send('DELETE', { items: uris.map((uri) => ({ uri })), snapshot_id: added.snapshotId });
    adds.push(added.ms);
    removals.push(removed.ms);
    snapshot = removed.snapshotId;
  }
  const total = (await json(`/playlists/${playlistId}?fields=snapshot_id,tracks.total`)) as { snapshot_id: string; tracks: { total: number } };
  if (total.tracks.total !== 10_000 || total.snapshot_id !== snapshot) throw new Error(`bench: the playlist was left ${total.tracks.total} long`);
  return { adds, removals };
}

export async function benchService(): Promise<Figure[]> {
  const { targets, reorder100, add100, remove100 } = await measureService();
  const ratioMethod = (target: ServiceFigures['targets'][number]) =>
    `requests/s of playdeck serve (${target.serviceRps}) ÷ a bare node:http server replaying its bytes (${target.bareRps}); ` +
    `16 keep-alive connections, 3 s each in ${ROUNDS} alternated rounds after 0.5 s warm-up; near 1, the load ` +
    'generator (one node process on the same 2 cores) is the limit, not the server';
  return [
    ...targets.map(
      (target): Figure => ({
        section: 'service',
        name: `${target.name} ratio`,
        value: target.ratio,
        unit: 'ratio',
        budget: { min: 0.5 },
        floor: { min: 0.3 },
        method: ratioMethod(target),
      }),
    ),
    {
      section: 'service',
      name: 'reorder 100 items in 10,000 p50',
      value: reorder100.p50Ms,
      unit: 'ms',
      budget: { max: 5 },
      method: `PUT /playlists/{id}/tracks (range_length 100), HTTP round trip, database on a file; ${reorder100.samples} in a row, p90 ${reorder100.p90Ms} ms`,
    },
    {
      section: 'service',
      name: 'add 100 items to 10,000 p50',
      value: add100.p50Ms,
      unit: 'ms',
      budget: { max: 5 },
      method: `POST /playlists/{id}/items (100 episode URIs at a position), HTTP round trip, database on a file; ${add100.samples}, each before a removal, p90 ${add100.p90Ms} ms`,
    },
    {
      section: 'service',
      name: 'remove 100 URIs from 10,000 p50',
      value: remove100.p50Ms,
      unit: 'ms',
      budget: { max: 5 },
      method: `DELETE /playlists/{id}/items (the 100 URIs just added, on the add's snapshot), HTTP round trip, database on a file; ${remove100.samples}, p90 ${remove100.p90Ms} ms`,
    },
  ];
}
