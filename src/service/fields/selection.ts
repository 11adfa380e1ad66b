/**
 * A parsed `fields` filter. Each level says what happens to each named key and to every key it does not
 * name: an inclusion group drops the others, an exclusion group keeps them.
 */
export interface FieldSelection {
  readonly others: 'keep' | 'drop';
  readonly fields: ReadonlyMap<string, FieldRule>;
}

/** Keep the value whole, drop it, or project it with a nested selection. */
export type FieldRule = 'keep' | 'drop' | FieldSelection;

/** A selection that keeps nothing; the identity of `unionOfSelections`. */
export const EMPTY_SELECTION: FieldSelection = { others: 'drop', fields: new Map() };

/** Keeps what either rule keeps, so `added_by.id,added_by.type` means `added_by(id,type)`. */
export function unionOfRules(left: FieldRule, right: FieldRule): FieldRule {
  if (left === 'keep' || right === 'keep') return 'keep';
  if (left === 'drop') return right;
  if (right === 'drop') return left;
  const union = unionOfSelections(left, right);
  // Projecting with an exclusion of nothing would only copy the object.
  return union.others === 'keep' && union.fields.size === 0 ? 'keep' : union;
}

export function unionOfSelections(left: FieldSelection, right: FieldSelection): FieldSelection {
  const others = left.others === 'keep' || right.others === 'keep' ? 'keep' : 'drop';
  const fields = new Map<string, FieldRule>();
  for (const name of new Set([...left.fields.keys(), ...right.fields.keys()])) {
    const rule = unionOfRules(left.fields.get(name) ?? left.others, right.fields.get(name) ?? right.others);
    if (rule !== others) fields.set(name, rule);
  }
  return { others, fields };
}
