/**
 * Where a table or key is written in a TOML text, for messages: the parser gives values without lines, so
 * a light scan of the lines finds `[section]` headers and `key =` lines (dotted and quoted keys included,
 * multi-line strings skipped). Paths are joined with NUL so that dotted quoted keys cannot collide.
 */

const KEY_PART = String.raw`(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')`;
const DOTTED = String.raw`${KEY_PART}(?:\s*\.\s*${KEY_PART})*`;
const HEADER = new RegExp(String.raw`^\s*\[\[?\s*(${DOTTED})\s*\]\]?\s*(?:#.*)?$`);
const KEY_LINE = new RegExp(String.raw`^\s*(${DOTTED})\s*=`);
const PART = new RegExp(KEY_PART, 'g');

function partsOf(dotted: string): string[] {
  return (dotted.match(PART) ?? []).map((part) => {
    if (part.startsWith('"')) return JSON.parse(part) as string;
    if (part.startsWith("'")) return part.slice(1, -1);
    return part;
  });
}

export type LineFinder = (path: readonly string[]) => number | undefined;

/** A finder of the line (1-based) where a path is first written, as a header or a key. */
export function locateKeys(text: string): LineFinder {
  const lines = new Map<string, number>();
  const remember = (path: readonly string[], line: number): void => {
    const id = path.join('\0');
    if (!lines.has(id)) lines.set(id, line);
  };
  let table: string[] = [];
  let openString: string | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (openString !== null) {
      if (raw.includes(openString)) openString = null;
      return;
    }
    const header = HEADER.exec(raw);
    if (header !== null) {
      table = partsOf(header[1]!);
      table.forEach((_, depth) => remember(table.slice(0, depth + 1), line));
      return;
    }
    const key = KEY_LINE.exec(raw);
    if (key !== null) {
      const path = [...table, ...partsOf(key[1]!)];
      path.forEach((_, depth) => depth >= table.length && remember(path.slice(0, depth + 1), line));
    }
    // A multi-line string opened on this line and not closed on it.
    const opener = /("""|''')/.exec(raw);
    if (opener !== null && raw.split(opener[1]!).length === 2) openString = opener[1]!;
  });
  return (path) => lines.get(path.join('\0'));
}
