/**
 * Reading untrusted JSON at the API boundary: each helper takes whatever the service sent and returns a value
 * of the wanted type, coercing what has an obvious meaning ("12" -> 12) and falling back otherwise.
 * None of them throws.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object itself, or an empty one for null, arrays and scalars, so that field reads never throw. */
export function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

export function toStr(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return fallback;
}

export function toStrOrNull(value: unknown): string | null {
  const text = toStr(value, '');
  return text === '' && typeof value !== 'string' ? null : text;
}

function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** An integer: numbers are truncated, numeric strings parsed; anything else is the fallback. */
export function toInt(value: unknown, fallback = 0): number {
  const parsed = toFiniteNumber(value);
  return parsed === null ? fallback : Math.trunc(parsed);
}

export function toIntOrNull(value: unknown): number | null {
  const parsed = toFiniteNumber(value);
  return parsed === null ? null : Math.trunc(parsed);
}

/** A count or position: an integer that is never negative. */
export function toCount(value: unknown, fallback = 0): number {
  return Math.max(0, toInt(value, fallback));
}

export function toBool(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0) return false;
  return fallback;
}

/** The array's elements mapped by `item`, dropping those it rejects with null; a non-array is empty. */
export function toList<T>(value: unknown, item: (element: unknown, index: number) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  const result: T[] = [];
  for (const [index, element] of value.entries()) {
    const mapped = item(element, index);
    if (mapped !== null) result.push(mapped);
  }
  return result;
}

export function toStringList(value: unknown): string[] {
  return toList(value, (element) => (typeof element === 'string' ? element : null));
}
