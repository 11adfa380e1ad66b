import type { FieldSelection } from './selection.js';

/**
 * Applies a selection to a JSON value. Arrays apply it to each element; values kept whole are shared, not
 * copied; a selection on a scalar or null keeps it as it is (`track(name)` on a null track gives null).
 * Keys keep the order of the source object.
 */
export function projectFields(value: unknown, selection: FieldSelection): unknown {
  if (Array.isArray(value)) return value.map((element) => projectFields(element, selection));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const projected: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const rule = selection.fields.get(key) ?? selection.others;
    if (rule === 'drop') continue;
    projected[key] = rule === 'keep' ? source[key] : projectFields(source[key], rule);
  }
  return projected;
}
