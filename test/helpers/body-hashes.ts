import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SampleIds } from '../../src/service/routes/route.js';
import { generateCatalog } from '../../src/service/seed/generate.js';
import type { SeedCatalog } from '../../src/service/seed/types.js';
import { fixtureCatalog } from './catalog-fixture.js';
import { sampleIdsOf } from './sample-ids.js';
import { createTestService } from './service.js';

/**
 * The answers of a fixed script of requests, as hashes: what the service sent before a change, kept in
 * test/service/fixtures/body-hashes.json, so that a refactoring of the routes is seen to send the same bytes.
 * `npx tsx test/helpers/body-hashes.ts --record` writes the file again (only ever from code known to be right).
 */
export const HASHES_FILE = fileURLToPath(new URL('../service/fixtures/body-hashes.json', import.meta.url));
const NOW = Date.UTC(2025, 0, 1, 12);
const UNKNOWN = '0000000000000000000000';

export const CATALOGS: Record<string, () => SeedCatalog> = { fixture: fixtureCatalog, demo: generateCatalog };

type Who = 'demo' | 'other' | 'countryless' | 'no user';
interface Step {
  who?: Who;
  host?: string;
  method?: 'GET' | 'PUT';
  url: string;
  payload?: object;
}

/** Reads of every GET route in several forms; then a reorder and a play, and what they change. */
function script(s: SampleIds): Step[] {
  const reads = (who: Who, host?: string): Step[] =>
    [
      '/v1/me',
      '/v1/me/playlists',
      '/v1/me/playlists?limit=2&offset=1',
      '/v1/me/shows',
      '/v1/me/shows?limit=1&offset=1&market=US',
      '/v1/me/audiobooks?limit=1&offset=1',
      '/v1/me/audiobooks',
      `/v1/shows/${s.show}`,
      `/v1/shows/${s.foreignShow}?market=US`,
      `/v1/shows/${s.show}/episodes?limit=2&offset=1&market=GB`,
      `/v1/shows/${s.show}/episodes?offset=1000`,
      `/v1/audiobooks/${s.audiobook}/chapters?limit=2&offset=1&market=GB`,
      `/v1/audiobooks/${s.foreignAudiobook}/chapters`,
      `/v1/episodes/${s.episode}`,
      `/v1/episodes/${s.foreignEpisode}?market=US`,
      `/v1/tracks/${s.track}`,
      `/v1/tracks/${s.relinkedTrack}?market=GB`,
      `/v1/tracks/${s.foreignTrack}?market=US`,
      `/v1/tracks?ids=${s.track},${s.relinkedTrack},${UNKNOWN}&market=GB`,
      `/v1/chapters/${s.chapter}`,
      `/v1/chapters/${s.foreignChapter}?market=US`,
      `/v1/chapters?ids=${s.chapter},${s.foreignChapter},${UNKNOWN}`,
      `/v1/playlists/${s.playlist}`,
      `/v1/playlists/${s.playlist}?fields=name,tracks.items(track(name))&market=US`,
      `/v1/playlists/${s.playlist}/tracks?limit=5&offset=2&market=GB&additional_types=episode`,
      `/v1/playlists/${s.playlist}/tracks?fields=items(track(name,id)),total`,
      `/v1/playlists/${s.mixedPlaylist}/items?additional_types=track,episode&limit=100`,
      `/v1/playlists/${s.bigPlaylist}/tracks?offset=9900&limit=100`,
      `/v1/playlists/${s.othersPlaylist}/items`,
      '/v1/me/player',
      '/v1/me/player?additional_types=episode&market=GB',
      '/v1/me/player/devices',
      '/v1/me/player/queue',
      '/v1/me/shows?limit=51',
      `/v1/tracks/${UNKNOWN}`,
    ].map((url) => ({ who, host, url }));
  const again = (urls: string[]): Step[] => urls.map((url) => ({ url }));
  return [
    ...reads('demo'),
    ...reads('demo', 'example.test:8443'),
    ...reads('demo', 'bad host'),
    ...reads('other'),
    ...reads('countryless'),
    ...reads('no user'),
    { method: 'PUT', url: `/v1/playlists/${s.playlist}/tracks`, payload: { range_start: 0, insert_before: 3 } },
    ...again([`/v1/playlists/${s.playlist}/tracks?limit=5`, '/v1/me/playlists', '/v1/me/player']),
    { method: 'PUT', url: '/v1/me/player/play', payload: { context_uri: `playdeck:playlist:${s.mixedPlaylist}`, offset: { position: 1 }, position_ms: 1000 } },
    ...again(['/v1/me/player?additional_types=episode', '/v1/me/player/queue', `/v1/episodes/${s.episode}`, `/v1/shows/${s.show}/episodes?limit=3`]),
  ];
}

/** Snapshot ids are random: their place is kept, not their value. */
const normalised = (raw: string) => raw.replace(/"snapshot_id":"[^"]*"/g, '"snapshot_id":"…"');

/** `key → status and body hash` of every step of the script, on a fresh service over `catalog`. */
export async function answerHashes(catalog: () => SeedCatalog): Promise<Record<string, string>> {
  const seed = catalog();
  const service = await createTestService({ catalog: () => seed, now: () => NOW });
  const s = sampleIdsOf(seed);
  const tokens: Record<Who, string> = {
    demo: service.token,
    other: service.tokenFor({ userId: s.otherUser }),
    countryless: service.tokenFor({ userId: s.countrylessUser }),
    'no user': service.tokenFor({ userId: null }),
  };
  const answers: Record<string, string> = {};
  try {
    for (const [index, step] of script(s).entries()) {
      const who = step.who ?? 'demo';
      const headers = step.host === undefined ? {} : { host: step.host };
      const response = await service.request({ method: step.method ?? 'GET', url: step.url, payload: step.payload, headers, token: tokens[who] });
      const hash = createHash('sha256').update(normalised(response.raw)).digest('base64url').slice(0, 22);
      answers[`${String(index).padStart(3, '0')} ${who}${step.host ? ` @${step.host}` : ''} ${step.method ?? 'GET'} ${step.url}`] = `${response.status} ${hash}`;
    }
  } finally {
    await service.close();
  }
  return answers;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--record')) {
  const recorded: Record<string, Record<string, string>> = {};
  for (const [name, catalog] of Object.entries(CATALOGS)) recorded[name] = await answerHashes(catalog);
  writeFileSync(HASHES_FILE, `${JSON.stringify(recorded, null, 1)}\n`);
  console.log(`written ${HASHES_FILE}`);
}
