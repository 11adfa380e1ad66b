/**
 * Saving to the library and removing from it (liking, following), and whether items are saved. Since 2026
 * the real service takes URIs of any kind at `/me/library`; older services (and apps) know only the routes
 * of one kind each (`/me/tracks?ids=`, `/me/following?type=artist&ids=`…). This tries `/me/library`, and
 * where it is refused (403, 404, 405) while the older routes answer, uses those for the rest of the run.
 * Both refusing means the refusal is real: the first answer is reported.
 */
import type { Api, RequestOptions } from './api.js';
import { isApiError } from './errors.js';
import { invalidArgument } from './map-error.js';
import { toBool } from './coerce.js';
import type { BodyReader, Caller, CallSpec } from './request.js';

/** URIs in one `/me/library` request, and ids in one request of a single kind (the service's limits). */
export const MAX_LIBRARY_URIS = 40;
export const MAX_KIND_IDS = 50;

type Kind = 'track' | 'album' | 'show' | 'audiobook' | 'episode' | 'artist' | 'user' | 'playlist';
const URI = /^[^:\s,]+:(track|album|show|audiobook|episode|artist|user|playlist):([^:\s,]+)$/;

interface Item {
  uri: string;
  kind: Kind;
  id: string;
  /** Its place in the list asked about. */
  place: number;
}

/** Where the older routes keep each kind: a path with `ids=`, one with `type` too, or a playlist's followers. */
function kindRoute(kind: Kind, ids: readonly string[]): { path: string; query: Record<string, string> } {
  switch (kind) {
    case 'artist':
    case 'user':
      return { path: 'me/following', query: { type: kind, ids: ids.join(',') } };
    case 'playlist':
      // One playlist a request (`ids` are chunked by one for playlists).
      return { path: `playlists/${encodeURIComponent(ids[0]!)}/followers`, query: {} };
    default:
      return { path: `me/${kind}s`, query: { ids: ids.join(',') } };
  }
}

function itemsOf(uris: readonly string[]): Item[] {
  if (!Array.isArray(uris)) throw invalidArgument('Invalid uris: expected an array');
  return uris.map((uri, place) => {
    const match = typeof uri === 'string' ? URI.exec(uri) : null;
    if (!match) throw invalidArgument(`Invalid uri at index ${place}: ${JSON.stringify(uri)}`);
    return { uri, kind: match[1] as Kind, id: match[2]!, place };
  });
}

function chunked<T>(list: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
  return chunks;
}

/** The items of each kind, in chunks the older routes take. */
function byKind(items: readonly Item[]): { kind: Kind; items: Item[] }[] {
  const kinds = new Map<Kind, Item[]>();
  for (const item of items) kinds.set(item.kind, [...(kinds.get(item.kind) ?? []), item]);
  return [...kinds].flatMap(([kind, ofKind]) => chunked(ofKind, kind === 'playlist' ? 1 : MAX_KIND_IDS).map((chunk) => ({ kind, items: chunk })));
}

const refused = (error: unknown) => isApiError(error) && (error.status === 403 || error.status === 404 || error.status === 405);

const readBooleans =
  (expected: number): BodyReader<boolean[]> =>
  (body, unreadable) =>
    Array.isArray(body) ? Array.from({ length: expected }, (_, index) => toBool(body[index])) : unreadable('expected an array of booleans');

export function savingApi(caller: Caller): Pick<Api, 'saveToLibrary' | 'removeFromLibrary' | 'libraryContains'> {
  let useLibrary = true;

  async function eitherWay<T>(unified: () => Promise<T>, perKind: () => Promise<T>): Promise<T> {
    if (!useLibrary) return perKind();
    try {
      return await unified();
    } catch (error) {
      if (!refused(error)) throw error;
      const result = await perKind().catch(() => Promise.reject(error));
      useLibrary = false;
      return result;
    }
  }

  async function write(method: 'PUT' | 'DELETE', uris: readonly string[], options: RequestOptions): Promise<void> {
    const items = itemsOf(uris);
    if (items.length === 0) return;
    // Saving or removing twice leaves the library as once: retried freely.
    const send = (spec: Omit<CallSpec, 'method' | 'policy' | 'signal'>) => caller.send({ ...spec, method, policy: 'idempotent', signal: options.signal }, () => undefined);
    await eitherWay(
      async () => {
        for (const chunk of chunked(items, MAX_LIBRARY_URIS)) await send({ path: 'me/library', query: { uris: chunk.map((item) => item.uri).join(',') } });
      },
      async () => {
        for (const { kind, items: chunk } of byKind(items)) await send(kindRoute(kind, chunk.map((item) => item.id)));
      },
    );
  }

  return {
    saveToLibrary: async (uris, options = {}) => write('PUT', uris, options),
    removeFromLibrary: async (uris, options = {}) => write('DELETE', uris, options),
    libraryContains: async (uris, options = {}) => {
      const items = itemsOf(uris);
      if (items.length === 0) return [];
      const get = (path: string, query: Record<string, string>, expected: number) => caller.get({ path, query, signal: options.signal }, readBooleans(expected));
      return eitherWay(
        async () => {
          const chunks = chunked(items, MAX_LIBRARY_URIS);
          const answers = await Promise.all(chunks.map((chunk) => get('me/library/contains', { uris: chunk.map((item) => item.uri).join(',') }, chunk.length)));
          return answers.flat();
        },
        async () => {
          const answers: boolean[] = new Array<boolean>(items.length).fill(false);
          await Promise.all(
            byKind(items).map(async ({ kind, items: chunk }) => {
              const route = kindRoute(kind, chunk.map((item) => item.id));
              const found = await get(`${route.path}/contains`, route.query, chunk.length);
              chunk.forEach((item, index) => (answers[item.place] = found[index]!));
            }),
          );
          return answers;
        },
      );
    },
  };
}
