/**
 * `npm run conformance -- PATH-TO-OPENAPI.yml`: the embedded service's bodies against a public OpenAPI
 * description of the real API, which the project does not ship. It starts the service in process (the small
 * test catalog, then the generated demo catalog), makes each read and write the dashboard and the spec's ten
 * operations use, and validates each body against the description's response schema. Two nulls the real
 * service sends and the description does not allow (an unknown id in a batch read, `item` of an episode
 * playing without additional_types=episode: docs/api.md) are allowed, and said so. Exit 0 when all pass.
 */
import { existsSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { generateCatalog } from '../src/service/seed/generate.js';
import { createTestService, ids, type TestService } from '../test/helpers/service.js';
import { loadReference, responseValidators } from './conformance/reference-schemas.js';

interface Check {
  name: string;
  method?: 'GET' | 'PUT';
  url: string;
  payload?: object;
  status?: number;
  schema: [path: string, method: string, status?: string];
}

interface Sample {
  track: string;
  episode: string;
  chapter: string;
  audiobook: string;
  playlist: string;
  big: string;
  mixed: string;
}

function checks(sample: Sample): Check[] {
  const unknown = '0000000000000000000000';
  return [
    { name: 'Get Episode', url: `/v1/episodes/${sample.episode}`, schema: ['/episodes/{id}', 'get'] },
    { name: 'Get Playback State', url: '/v1/me/player', schema: ['/me/player', 'get'] },
    { name: 'Get Playback State (episodes accepted)', url: '/v1/me/player?additional_types=episode', schema: ['/me/player', 'get'] },
    { name: 'Get Track', url: `/v1/tracks/${sample.track}`, schema: ['/tracks/{id}', 'get'] },
    { name: 'Get a Chapter', url: `/v1/chapters/${sample.chapter}`, schema: ['/chapters/{id}', 'get'] },
    { name: 'Get Playlist Items', url: `/v1/playlists/${sample.playlist}/tracks`, schema: ['/playlists/{playlist_id}/tracks', 'get'] },
    { name: 'Get Playlist Items (10,000, last page)', url: `/v1/playlists/${sample.big}/tracks?offset=9900&limit=100`, schema: ['/playlists/{playlist_id}/tracks', 'get'] },
    { name: 'Get Playlist Items (mixed)', url: `/v1/playlists/${sample.mixed}/items?limit=100&additional_types=track,episode`, schema: ['/playlists/{playlist_id}/items', 'get'] },
    { name: "Get User's Saved Shows", url: '/v1/me/shows?limit=50', schema: ['/me/shows', 'get'] },
    { name: 'Update Playlist Items (reorder)', method: 'PUT', url: `/v1/playlists/${sample.playlist}/tracks`, payload: { range_start: 0, insert_before: 2 }, schema: ['/playlists/{playlist_id}/tracks', 'put'] },
    { name: 'Update Playlist Items (replace)', method: 'PUT', url: `/v1/playlists/${sample.mixed}/items`, payload: { uris: [`playdeck:track:${sample.track}`, `playdeck:episode:${sample.episode}`] }, schema: ['/playlists/{playlist_id}/items', 'put'] },
    { name: 'Get Several Tracks', url: `/v1/tracks?ids=${sample.track},${sample.track}`, schema: ['/tracks', 'get'] },
    { name: 'Get Several Tracks (one unknown)', url: `/v1/tracks?ids=${sample.track},${unknown}`, schema: ['/tracks', 'get'] },
    { name: 'Get Audiobook Chapters', url: `/v1/audiobooks/${sample.audiobook}/chapters`, schema: ['/audiobooks/{id}/chapters', 'get'] },
    { name: 'Get Several Chapters', url: `/v1/chapters?ids=${sample.chapter},${unknown}`, schema: ['/chapters', 'get'] },
    { name: 'Get Current User', url: '/v1/me', schema: ['/me', 'get'] },
    { name: "Get Current User's Playlists", url: '/v1/me/playlists?limit=50', schema: ['/me/playlists', 'get'] },
    { name: 'Get Playlist', url: `/v1/playlists/${sample.playlist}`, schema: ['/playlists/{playlist_id}', 'get'] },
    { name: "Get User's Saved Audiobooks", url: '/v1/me/audiobooks', schema: ['/me/audiobooks', 'get'] },
    { name: 'an error body (404)', url: `/v1/tracks/${unknown}`, status: 404, schema: ['/tracks/{id}', 'get', '401'] },
  ];
}

/** The description types these as never null, although the real service sends null (docs/api.md). */
function allowDocumentedNulls(document: any): void {
  for (const name of ['ManyTracks', 'ManyChapters']) {
    const properties = document.components.responses[name].content['application/json'].schema.properties;
    for (const key of Object.keys(properties)) properties[key].items = { anyOf: [properties[key].items, { type: 'null' }] };
  }
  const item = document.components.schemas.CurrentlyPlayingContextObject.properties.item;
  item.oneOf = [...item.oneOf, { type: 'null' }];
}

const path = process.argv[2];
if (!path || !existsSync(path)) {
  console.error(`usage: npm run conformance -- PATH-TO-OPENAPI.yml${path ? ` (no file at ${path})` : ''}`);
  process.exit(2);
}
const strict = responseValidators(loadReference(path));
const relaxedDocument = loadReference(path);
allowDocumentedNulls(relaxedDocument);
const relaxed = responseValidators(relaxedDocument);
let failures = 0;

function errorsOf(validate: ValidateFunction, body: unknown): string {
  return validate(body) ? '' : JSON.stringify(validate.errors?.slice(0, 3));
}

async function run(service: TestService, check: Check, where: string): Promise<void> {
  const response = await service.request({ method: check.method ?? 'GET', url: check.url, payload: check.payload });
  const label = `${where}: ${check.name}`;
  if (response.status !== (check.status ?? 200)) {
    failures += 1;
    return console.log(`FAIL ${label}: status ${response.status}`);
  }
  const strictErrors = errorsOf(strict(...check.schema), response.body);
  if (!strictErrors) return console.log(`ok   ${label}`);
  const relaxedErrors = errorsOf(relaxed(...check.schema), response.body);
  if (!relaxedErrors) return console.log(`ok   ${label} (with a documented null the description does not allow)`);
  failures += 1;
  console.log(`FAIL ${label}: ${relaxedErrors}`);
}

const fixture = await createTestService();
const fixtureSample: Sample = {
  track: ids.relinkedTrack,
  episode: ids.episode(1),
  chapter: ids.chapter(2),
  audiobook: ids.audiobook,
  playlist: ids.firstPlaylist,
  big: ids.bigPlaylist,
  mixed: ids.mixedPlaylist,
};
for (const check of checks(fixtureSample)) await run(fixture, check, 'test catalog');
const play = { context_uri: `playdeck:playlist:${ids.mixedPlaylist}`, offset: { position: 1 } };
await fixture.request({ method: 'PUT', url: '/v1/me/player/play', payload: play });
await run(fixture, { name: 'Get Playback State (episode playing)', url: '/v1/me/player?additional_types=episode', schema: ['/me/player', 'get'] }, 'test catalog');
await run(fixture, { name: 'Get Playback State (episode playing, item null)', url: '/v1/me/player', schema: ['/me/player', 'get'] }, 'test catalog');
await fixture.close();

const catalog = generateCatalog();
const demo = await createTestService({ catalog: () => catalog });
const own = catalog.playlists.filter((playlist) => playlist.owner_id === catalog.demo_user_id);
const gbShow = catalog.shows.find((show) => show.available_markets.includes('GB'))!;
const gbBook = catalog.audiobooks.find((book) => book.available_markets.includes('GB'))!;
const demoSample: Sample = {
  track: catalog.tracks.find((track) => track.relinked_to)?.id ?? catalog.tracks[0]!.id,
  episode: catalog.episodes.find((episode) => episode.show_id === gbShow.id)!.id,
  chapter: catalog.chapters.find((chapter) => chapter.audiobook_id === gbBook.id)!.id,
  audiobook: gbBook.id,
  playlist: own[0]!.id,
  big: own.find((playlist) => playlist.items.length === 10_000)!.id,
  mixed: own.find((playlist) => playlist.items.some((item) => item.type === 'episode'))!.id,
};
for (const check of checks(demoSample)) await run(demo, check, 'demo catalog');
await demo.close();

console.log(failures === 0 ? 'every body conforms' : `${failures} bodies do not conform`);
process.exit(failures === 0 ? 0 : 1);
