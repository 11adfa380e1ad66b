/**
 * The lines of an `.m3u`/`.m3u8` playlist (decisions §21), pure. A line that is neither blank nor begins with
 * `#` names an item (a path, relative or absolute, or a URL). Every other line is kept as it was written and
 * travels with the item below it: its `#EXTINF` and any comment above it, back to the item before. The header
 * is the file's leading `#EXTM3U` and the other directives of the whole file (`#PLAYLIST:`, `#EXTENC:`); what
 * follows the last item is the trailer. Line endings are the file's first one, for every line.
 */

export interface M3uEntry {
  /** The entry's lines as written, the item's line last. */
  lines: string[];
}

export interface M3uDocument {
  header: string[];
  entries: M3uEntry[];
  trailer: string[];
  /** `\r\n`, `\n` or `\r`: the file's first line break (`\n` for a file without one). */
  eol: string;
  /** Whether the last line ends with a line break. */
  finalEol: boolean;
}

/** Directives of the whole file, kept in the header when they lead it. */
const HEADER_DIRECTIVE = /^#(EXTM3U|PLAYLIST:|EXTENC:)/i;
const EXTENDED_HEADER = /^#EXTM3U/i;
const PLAYLIST_NAME = /^#PLAYLIST:(.*)$/i;
/** `#EXTINF:` and the like: what a player reads about the item below, which goes when the item goes. */
const ITEM_DIRECTIVE = /^#EXT/i;

export const isItemLine = (line: string): boolean => {
  const trimmed = line.trim();
  return trimmed !== '' && !trimmed.startsWith('#');
};

/** The item an entry's lines name, as written (spaces around it trimmed). */
export const locationOf = (entry: M3uEntry): string => entry.lines[entry.lines.length - 1]!.trim();

export function parseM3u(text: string): M3uDocument {
  const eol = /\r\n|\n|\r/.exec(text)?.[0] ?? '\n';
  const finalEol = text === '' || /[\r\n]$/.test(text);
  const lines = text.split(/\r\n|\n|\r/);
  if (finalEol) lines.pop();
  const header: string[] = [];
  let index = 0;
  while (index < lines.length && HEADER_DIRECTIVE.test(lines[index]!.trim())) header.push(lines[index++]!);
  const entries: M3uEntry[] = [];
  let pending: string[] = [];
  for (; index < lines.length; index++) {
    const line = lines[index]!;
    pending.push(line);
    if (isItemLine(line)) {
      entries.push({ lines: pending });
      pending = [];
    }
  }
  return { header, entries, trailer: pending, eol, finalEol };
}

export function formatM3u(document: M3uDocument): string {
  const lines = [...document.header, ...document.entries.flatMap((entry) => entry.lines), ...document.trailer];
  if (lines.length === 0) return '';
  return lines.join(document.eol) + (document.finalEol ? document.eol : '');
}

/** Whether the file is an extended M3U (`#EXTM3U` first): new entries then get an `#EXTINF` line. */
export const isExtended = (header: readonly string[]): boolean => header.length > 0 && EXTENDED_HEADER.test(header[0]!.trim());

/** The name a `#PLAYLIST:` line of the header gives, or null. */
export function playlistNameOf(header: readonly string[]): string | null {
  for (const line of header) {
    const name = PLAYLIST_NAME.exec(line.trim())?.[1]?.trim();
    if (name) return name;
  }
  return null;
}

/**
 * The header naming the playlist `name` with a `#PLAYLIST:` line (the one there replaced, else one after
 * `#EXTM3U`, which is added when missing: the line means nothing without it); null: with none.
 */
export function withPlaylistName(header: readonly string[], name: string | null): string[] {
  const at = header.findIndex((line) => PLAYLIST_NAME.test(line.trim()));
  if (at >= 0) return name === null ? header.filter((_, index) => index !== at) : header.map((line, index) => (index === at ? `#PLAYLIST:${name}` : line));
  if (name === null) return [...header];
  const extended = isExtended(header) ? [...header] : ['#EXTM3U', ...header];
  return [extended[0]!, `#PLAYLIST:${name}`, ...extended.slice(1)];
}

/** An `#EXTINF` line: whole seconds, then `Artist - Title` on one line. */
export function extinfLine(durationMs: number, artists: string, title: string): string {
  const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  const shown = artists === '' ? oneLine(title) : `${oneLine(artists)} - ${oneLine(title)}`;
  return `#EXTINF:${Math.round(durationMs / 1000)},${shown}`;
}

/**
 * The lines of an entry taken out: its comments and blank lines go to the entry after it (so that a comment
 * above a section stays where it was), its `#EXT` directives and its item go with it.
 */
export const keptOnRemoval = (entry: M3uEntry): string[] =>
  entry.lines.slice(0, -1).filter((line) => !ITEM_DIRECTIVE.test(line.trim()));
