import { badRequest } from './errors.js';
import { isValidMarketParameter } from './markets.js';

/**
 * Query and path parameter parsing. Fastify's parsed query may hold arrays (repeated keys); numbers are
 * parsed here, not by a schema, so that `1e309`, `0x10` or `1.0` are refused with a message naming the
 * parameter instead of slipping through as Infinity or being coerced.
 */
export type Query = Record<string, string | string[] | undefined>;

const BASE62_ID = /^[0-9A-Za-z]{22}$/;
const DECIMAL = /^\d{1,16}$/;

/** One value of a parameter: undefined when absent or empty, 400 when repeated. */
export function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(`Invalid ${name}: given more than once`);
  return value === undefined || value === '' ? undefined : value;
}

export function integerParam(query: Query, name: string, options: { min: number; max: number; default: number }): number {
  const raw = single(query, name);
  if (raw === undefined) return options.default;
  const value = DECIMAL.test(raw) ? Number(raw) : NaN;
  if (!(value >= options.min && value <= options.max)) {
    throw badRequest(`Invalid ${name}: must be an integer from ${options.min} to ${options.max}`);
  }
  return value;
}

export interface PageParams {
  limit: number;
  offset: number;
}

export function pageParams(query: Query, maxLimit: number): PageParams {
  return {
    limit: integerParam(query, 'limit', { min: 1, max: maxLimit, default: 20 }),
    offset: integerParam(query, 'offset', { min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 }),
  };
}

export function marketParam(query: Query): string | undefined {
  const market = single(query, 'market');
  if (market !== undefined && !isValidMarketParameter(market)) throw badRequest('Invalid market code');
  return market;
}

export function idParam(id: string | undefined): string {
  if (id === undefined || !BASE62_ID.test(id)) throw badRequest('Invalid base62 id');
  return id;
}

/** A comma-separated id list (Get Several ...): at most `max`, each a base-62 id. */
export function idsParam(query: Query, max: number): string[] {
  const raw = single(query, 'ids');
  if (raw === undefined) throw badRequest('Missing required parameter: ids');
  const ids = raw.split(',');
  if (ids.length > max) throw badRequest('too many ids requested');
  return ids.map((id) => idParam(id));
}

export type ItemType = 'track' | 'episode';

/** `additional_types`: which item types the client accepts besides tracks. */
export function additionalTypesParam(query: Query): ReadonlySet<ItemType> {
  const raw = single(query, 'additional_types');
  const types = new Set<ItemType>(['track']);
  if (raw === undefined) return types;
  for (const type of raw.split(',')) {
    if (type !== 'track' && type !== 'episode') throw badRequest('Invalid additional_types: values are track and episode');
    types.add(type);
  }
  return types;
}
