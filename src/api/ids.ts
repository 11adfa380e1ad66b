/** Ids checked before they go into a path or a list, so that a bad one is a clear error and not a 404. */
import { invalidArgument } from './map-error.js';

/** An id as one encoded path segment. */
export function idSegment(id: unknown, what: string): string {
  if (typeof id !== 'string' || id.trim() === '') throw invalidArgument(`Invalid ${what} id: ${JSON.stringify(id)}`);
  return encodeURIComponent(id);
}

/** Ids for a several-ids request, split into chunks the service accepts. */
export function idChunks(ids: readonly unknown[], what: string, chunkSize: number): string[][] {
  if (!Array.isArray(ids)) throw invalidArgument(`Invalid ${what} ids: expected an array`);
  const chunks: string[][] = [];
  ids.forEach((id, index) => {
    if (typeof id !== 'string' || id.trim() === '' || id.includes(',')) {
      throw invalidArgument(`Invalid ${what} id at index ${index}: ${JSON.stringify(id)}`);
    }
    if (index % chunkSize === 0) chunks.push([]);
    chunks[chunks.length - 1]!.push(id);
  });
  return chunks;
}
