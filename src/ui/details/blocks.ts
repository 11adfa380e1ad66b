import type { Audiobook } from '../../api/types.js';

/**
 * The details of an item, as data: a title, fields, and at most one block that takes the rows left (a
 * description, a table of chapters). Each block says how tall it is, so no count of rows is kept by hand:
 * adding a field is one line in a kind's list (kinds.ts). Pure.
 */
export type DetailBlock =
  | { kind: 'title'; text: string }
  /** `Label      value`; text from the service, sanitised and cut where drawn. */
  | { kind: 'field'; label: string; value: string }
  /** The HTML description when there is one (tags stripped, entities decoded), else the plain one. */
  | { kind: 'description'; html: string; plain: string }
  /** An audiobook's chapters, read when the cursor rests on it. */
  | { kind: 'chapters'; audiobook: Audiobook };

export const title = (text: string): DetailBlock => ({ kind: 'title', text });

/** A field, left out where the service sent nothing for it (`null`): no line rather than an empty one. */
export const field = (label: string, value: string | null): DetailBlock[] => (value === null ? [] : [{ kind: 'field', label, value }]);

export const description = (html: string, plain = ''): DetailBlock => ({ kind: 'description', html, plain });

/** Rows a block takes: one for a line, null for a block that takes what the lines leave. */
export function fixedRows(block: DetailBlock): number | null {
  switch (block.kind) {
    case 'title':
    case 'field':
      return 1;
    case 'description':
    case 'chapters':
      return null;
  }
}

/** Each block's rows in `height`: a line its one, the first block that takes the rest what the lines leave (none for a later one). */
export function rowsOf(blocks: readonly DetailBlock[], height: number): number[] {
  const fixed = blocks.reduce((sum, block) => sum + (fixedRows(block) ?? 0), 0);
  let rest = Math.max(0, height - fixed);
  return blocks.map((block) => {
    const rows = fixedRows(block);
    if (rows !== null) return rows;
    const taken = rest;
    rest = 0;
    return taken;
  });
}
