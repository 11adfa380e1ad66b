import { moveRange } from './order-model.js';

/**
 * An independent model of what an accepted playlist write does (decisions §7), written apart from the
 * service's store: items are `added_at|added_by|type:id` strings, the details a plain record. The write is
 * read as the test sent it (its query and its JSON body text), never as the service understood it.
 */

export interface ModelDetails {
  name: string;
  description: string;
  public: boolean;
  collaborative: boolean;
}

export interface WriteSent {
  method: string;
  /** `/v1/playlists/{id}/items`, `/tracks`, or `/v1/playlists/{id}` (its details). */
  path: string;
  query: string;
  bodyText: string | undefined;
  userId: string;
  /** The `added_at` of an entry added now. */
  nowIso: string;
}

const ITEM = /:(track|episode):([0-9A-Za-z]{22})$/;
const keyOfUri = (uri: string) => {
  const [, type, id] = ITEM.exec(uri)!;
  return `${type}:${id}`;
};
const keyOfItem = (item: string) => item.slice(item.lastIndexOf('|') + 1);

export const bodyOf = (bodyText: string | undefined): Record<string, any> => (bodyText?.trim() ? JSON.parse(bodyText) : {});

/** `uris` as the reference reads them: the query's (comma-separated) wins over the body's. */
function urisSent(query: URLSearchParams, body: Record<string, any>): string[] | undefined {
  const fromQuery = query.get('uris');
  return fromQuery ? fromQuery.split(',').map((uri) => uri.trim()) : body.uris;
}

/**
 * The items after an accepted add, remove, or replace; null for a reorder (whose stale form the caller reads).
 * `heldBy`: the items of the older version a removal names, whose entries alone it removes (copies added since stay).
 */
export function itemsAfter(items: readonly string[], sent: WriteSent, heldBy?: readonly string[]): string[] | null {
  const query = new URLSearchParams(sent.query);
  const body = bodyOf(sent.bodyText);
  const added = (uris: string[]) => uris.map((uri) => `${sent.nowIso}|${sent.userId}|${keyOfUri(uri)}`);
  if (sent.method === 'POST') {
    const uris = added(urisSent(query, body)!);
    const position = query.get('position') ? Number(query.get('position')) : (body.position ?? items.length);
    return [...items.slice(0, position), ...uris, ...items.slice(position)];
  }
  if (sent.method === 'DELETE') {
    const gone = new Set<string>((body.items ?? body.tracks).map((element: { uri: string }) => keyOfUri(element.uri)));
    if (heldBy === undefined) return items.filter((item) => !gone.has(keyOfItem(item)));
    const held = new Map<string, number>();
    for (const item of heldBy) held.set(item, (held.get(item) ?? 0) + 1);
    return items.filter((item) => {
      const left = held.get(item) ?? 0;
      if (!gone.has(keyOfItem(item)) || left === 0) return true;
      held.set(item, left - 1);
      return false;
    });
  }
  const uris = urisSent(query, body);
  return uris === undefined ? null : added(uris);
}

/** An accepted reorder on the current version. */
export function reorderedItems(items: readonly string[], bodyText: string | undefined): string[] {
  const body = bodyOf(bodyText);
  return moveRange(items, { rangeStart: body.range_start, insertBefore: body.insert_before, rangeLength: body.range_length ?? 1 });
}

/** The details after an accepted Change Playlist Details: each field given replaces, null or absent keeps. */
export function detailsAfter(details: ModelDetails, bodyText: string | undefined): ModelDetails {
  const body = bodyOf(bodyText);
  const next = { ...details };
  for (const key of ['name', 'description', 'public', 'collaborative'] as const) {
    if (body[key] !== undefined && body[key] !== null) (next as Record<string, unknown>)[key] = body[key];
  }
  return next;
}
