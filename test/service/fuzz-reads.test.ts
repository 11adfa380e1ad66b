import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyValidator, type Operation } from '../helpers/body-schemas.js';
import { expectErrorShape } from '../helpers/error-shape.js';
import { fixtureCatalog } from '../helpers/catalog-fixture.js';
import { API_READS, pathWith, sampleIdsIn } from '../helpers/route-list.js';
import { sampleIdsOf } from '../helpers/sample-ids.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/**
 * Every read of the route list (src/service/routes/list.ts), its path and query fuzzed (issue 8): numbers at
 * the edges, unicode, control characters, bad percent-encoding, very long, repeated and empty parameters.
 * Each answer must be a 4xx in the error shape, or a 200 whose body validates against its own schema
 * (helpers/body-schemas.ts; or, filtered by `fields`, is a part of the unfiltered body); never a 5xx, never a
 * hang. Seed and run count stay here to reproduce.
 */
const SEED = 0x5eed_0801;
const RUNS = 300;
/** A hang guard, not a speed test: one in-process request never needs more than a fraction of this. */
const RUN_TIMEOUT_MS = 10_000;
const NOW = Date.UTC(2025, 0, 1);

interface ReadOperation {
  name: string;
  path: (id: string) => string;
  /** Ids the path takes that exist, so that some runs reach the body. */
  knownIds: string[];
  params: readonly string[];
  schema: Operation;
}

/** Every read of the route list that answers a body, with the ids its samples use. */
const sampleIds = sampleIdsOf(fixtureCatalog());
const OPERATIONS: ReadOperation[] = API_READS.map((route) => ({
  name: route.name,
  path: (id) => pathWith(route, id),
  knownIds: sampleIdsIn(route, sampleIds),
  params: route.query,
  schema: route.body!,
}));

// ---- inputs -------------------------------------------------------------------------------------------

const EDGE_NUMBERS = ['1e309', '-1e309', '-0', '0', '1', '19', '20', '50', '51', '100', '101', '2147483647', '2147483648', '4294967296',
  '9007199254740991', '9007199254740992', '99999999999999999999', '-1', '1.0', '1.5', '0x10', '1_0', ' 1', '1 ', '+1', '01', 'NaN', 'Infinity', '１'];
const WORDS = ['', 'GB', 'gb', 'US', 'XX', 'from_token', 'FROM_TOKEN', 'track', 'episode', 'track,episode', 'track,', 'tracks', ',', 'true',
  'null', '[]', '{}', '__proto__', 'constructor', 'items(track(name,id)),total', 'total,limit', 'items.track.album(!images,external_urls)', '!items'];
/** Sent as they are (not encoded again): malformed or hostile percent-encoding. */
const RAW = ['%', '%2', '%zz', '%ED%A0%80', '%C0%AF', '%FF', '%00', '%E2%80%AE', '%2F..%2F', '..', '.'];
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'.split('');
const FIELD_CHARACTERS = 'items(track(name,id,album(!images)))total.limit!,'.split('');

const controlCharacter = fc.oneof(fc.integer({ min: 0, max: 31 }), fc.constantFrom(0x7f, 0x85, 0x2028, 0x202e, 0xfeff)).map((code) => String.fromCharCode(code));
const longValue = fc.tuple(fc.constantFrom(1025, 4096, 70_000), fc.constantFrom('a', '1', '(', 'é', '%', ',')).map(([length, unit]) => unit.repeat(length));
const base62Id = (length: number) => fc.string({ unit: fc.constantFrom(...BASE62), minLength: length, maxLength: length });

/** A value and whether it goes into the URL as it is (true) or percent-encoded. */
type UrlPart = [value: string, raw: boolean];
const encoded = (value: fc.Arbitrary<string>) => value.map((text): UrlPart => [text, false]);
const hostileText: fc.Arbitrary<UrlPart> = fc.oneof(
  encoded(fc.string({ unit: 'grapheme', maxLength: 20 })),
  encoded(fc.string({ unit: 'binary', maxLength: 20 })),
  encoded(fc.string({ unit: controlCharacter, maxLength: 8 })),
  encoded(longValue),
  fc.constantFrom(...RAW).map((text): UrlPart => [text, true]),
);
const parameterValue: fc.Arbitrary<UrlPart> = fc.oneof(
  { weight: 3, arbitrary: encoded(fc.constantFrom(...EDGE_NUMBERS, ...WORDS)) },
  { weight: 1, arbitrary: encoded(fc.string({ unit: fc.constantFrom(...FIELD_CHARACTERS), maxLength: 40 })) },
  { weight: 1, arbitrary: encoded(fc.array(fc.oneof(fc.constantFrom(ids.track(1), ids.chapter(1), ''), base62Id(22), base62Id(21)), { maxLength: 55 }).map((list) => list.join(','))) },
  { weight: 2, arbitrary: hostileText },
);
const pathId = (known: string[]): fc.Arbitrary<UrlPart> =>
  fc.oneof(
    { weight: 3, arbitrary: encoded(known.length > 0 ? fc.constantFrom(...known) : base62Id(22)) },
    { weight: 1, arbitrary: encoded(fc.oneof(base62Id(22), base62Id(21), base62Id(23))) },
    { weight: 2, arbitrary: hostileText },
  );

const part = ([value, raw]: UrlPart) => (raw ? value : encodeURIComponent(value));

/** Values each parameter accepts, so that runs also combine several good parameters and reach the body. */
const PLAUSIBLE: Record<string, string[]> = {
  market: ['GB', 'US', 'DE', 'from_token'],
  limit: ['1', '2', '20', '50', '100'],
  offset: ['0', '1', '5', '9990', '10000'],
  fields: ['total,limit', 'items(added_at,track(name,id))', 'items.track.album(!images,external_urls)', 'href,items.track.id', 'name,tracks.items(track(name,type))', 'snapshot_id'],
  additional_types: ['track', 'episode', 'track,episode'],
  ids: [`${ids.track(1)},${ids.track(2)}`, `${ids.chapter(1)},${ids.chapter(2)},${ids.usOnlyChapter}`, ids.relinkedTrack],
};

function requestUrl(operation: ReadOperation): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 4, arbitrary: operation.params.length > 0 ? fc.constantFrom(...operation.params) : fc.constant('limit') },
    { weight: 1, arbitrary: fc.constantFrom('', 'x', '__proto__', 'constructor', 'limit[]', 'toString', 'uris') },
  );
  const value = (key: string): fc.Arbitrary<UrlPart> =>
    Object.hasOwn(PLAUSIBLE, key) ? fc.oneof(encoded(fc.constantFrom(...PLAUSIBLE[key]!)), parameterValue) : parameterValue;
  const parameter = name.chain((key) =>
    fc.tuple(value(key), fc.boolean()).map(([text, hasEquals]) => (hasEquals ? `${key}=${part(text)}` : key)),
  );
  const pathEnd = fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', '//', '/x', '/.') });
  return fc
    .tuple(pathId(operation.knownIds), pathEnd, fc.array(parameter, { maxLength: 5 }))
    .map(([id, end, query]) => operation.path(part(id)) + end + (query.length > 0 ? `?${query.join('&')}` : ''));
}

// ---- checks -------------------------------------------------------------------------------------------

/**
 * Whether `part` keeps only keys of `whole`, with the same values: what a `fields` filter may do. Page
 * links name the filter (they are this page's address), so it is left out of them before comparing.
 */
function isPartOf(part: unknown, whole: unknown): boolean {
  if (Array.isArray(part)) return Array.isArray(whole) && part.length === whole.length && part.every((item, index) => isPartOf(item, whole[index]));
  if (typeof part === 'string') return part.replace(/&fields=[^&]*/g, '') === whole;
  if (part === null || typeof part !== 'object') return Object.is(part, whole);
  if (whole === null || typeof whole !== 'object' || Array.isArray(whole)) return false;
  return Object.entries(part).every(([key, value]) => Object.hasOwn(whole, key) && isPartOf(value, (whole as Record<string, unknown>)[key]));
}

/** Always run first, whatever the seed: the issue's own edge values and inputs that once failed. */
const EXAMPLES: [{ name: string; url: string }][] = [
  ["Get User's Saved Shows", '/v1/me/shows?limit=1e309&offset=-0'],
  ['Get Playlist Items', `/v1/playlists/${ids.bigPlaylist}/tracks?offset=2147483648&limit=-0`],
  ['Get Several Tracks', `/v1/tracks?ids=${ids.track(1)}&ids=${ids.track(2)}`],
  ['Get Playlist', `/v1/playlists/${ids.firstPlaylist}?fields=${'a('.repeat(17)}`],
  ['Get Track', '/v1/tracks/%ED%A0%80'],
  ['Get Track', `/v1/tracks/${'a'.repeat(101)}`],
  ['Get Current User', '/v1/me/'],
].map(([name, url]) => [{ name: name!, url: url! }]);

// ---- the property -------------------------------------------------------------------------------------

let service: TestService;
beforeAll(async () => {
  service = await createTestService({ now: () => NOW });
});
afterAll(() => service.close());

describe('fuzzing every read operation', () => {
  it(`answers a 4xx in the error shape or a 200 that validates, never a 5xx (seed ${SEED}, ${RUNS} runs)`, async () => {
    const statuses = new Map<number, number>();
    const request = fc.constantFrom(...OPERATIONS).chain((operation) => requestUrl(operation).map((url) => ({ name: operation.name, url })));
    await fc.assert(
      fc.asyncProperty(request, async ({ name, url }) => {
        const operation = OPERATIONS.find((candidate) => candidate.name === name)!;
        const response = await service.get(url);
        const where = `${operation.name}: GET ${url.slice(0, 300)} -> ${response.status} ${response.raw.slice(0, 300)}`;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, where).toBeLessThan(500);
        // Every path here is read with GET: whatever else is wrong, the method is not.
        expect(response.status, where).not.toBe(405);
        if (response.status >= 400) return expectErrorShape(response, service.token, where);
        expect(response.status, where).toBe(200);
        const fields = new URL(url, 'http://x').searchParams.get('fields');
        if (fields && operation.params.includes('fields')) {
          const unfiltered = await service.get(url.replace(/([?&])fields=[^&]*/g, '$1'));
          expect(isPartOf(response.body, unfiltered.body), `${where}\nnot a part of ${unfiltered.raw.slice(0, 300)}`).toBe(true);
          return;
        }
        const validate = bodyValidator(operation.schema);
        expect(validate(response.body) ? [] : validate.errors, where).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS, timeout: RUN_TIMEOUT_MS, examples: EXAMPLES },
    );
    // The inputs reach both sides: some requests are served, most are refused.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 5);
  }, 60_000);
});
