/**
 * The line `playdeck status` prints: the default `▶ Title · Artist 1:23/3:45`, a `--format` of named fields,
 * `--json` for scripts, `--waybar` for waybar's custom module, the line escaped for tmux or polybar. Pure: the
 * caller gives the player's state (now-playing.ts) and the options; nothing here reads the clock, the
 * environment or a terminal.
 */
import { formatDuration } from '../ui/format.js';
import { sanitizeText, truncateToWidth } from '../text/sanitize.js';
import type { NowPlaying } from './now-playing.js';

/** A format that names a field nobody knows, or a malformed one: exit code 2. */
export class FormatError extends Error {
  override readonly name = 'FormatError';
}

export const FIELD_NAMES = [
  'title', 'artists', 'album', 'show', 'context', 'device', 'volume', 'state', 'icon',
  'elapsed', 'duration', 'remaining', 'percent', 'bar', 'shuffle', 'repeat',
] as const;

type FieldName = (typeof FIELD_NAMES)[number];

type Part = { text: string } | { field: FieldName; width: number };

/** A format read once: literal text and fields. */
export interface Template {
  parts: readonly Part[];
}

const DEFAULT_BAR_WIDTH = 10;
const MAX_BAR_WIDTH = 500;
const FIELD = /\{([a-z]+)(?::(\d+))?\}/y;

/** Reads `{title} - {artists} {bar:20}`; `{{` and `}}` are literal braces. Throws FormatError. */
export function parseTemplate(format: string): Template {
  const parts: Part[] = [];
  let text = '';
  let index = 0;
  while (index < format.length) {
    const char = format[index]!;
    if ((char === '{' || char === '}') && format[index + 1] === char) {
      text += char;
      index += 2;
      continue;
    }
    if (char === '}') throw new FormatError(`a lone "}" in the format at column ${index + 1} (write "}}" for one)`);
    if (char !== '{') {
      text += char;
      index += 1;
      continue;
    }
    FIELD.lastIndex = index;
    const match = FIELD.exec(format);
    if (!match) {
      const end = format.indexOf('}', index);
      const name = end === -1 ? format.slice(index) : format.slice(index, end + 1);
      throw new FormatError(`unknown field ${name} in the format (fields: ${FIELD_NAMES.map((each) => (each === 'bar' ? '{bar:N}' : `{${each}}`)).join(' ')})`);
    }
    const [whole, name, width] = match;
    if (!(FIELD_NAMES as readonly string[]).includes(name!)) {
      throw new FormatError(`unknown field {${name}} in the format (fields: ${FIELD_NAMES.map((each) => (each === 'bar' ? '{bar:N}' : `{${each}}`)).join(' ')})`);
    }
    if (width !== undefined && name !== 'bar') throw new FormatError(`{${name}} takes no width (only {bar:N} does)`);
    const barWidth = width === undefined ? DEFAULT_BAR_WIDTH : Number(width);
    if (barWidth < 1 || barWidth > MAX_BAR_WIDTH) throw new FormatError(`{bar:N} needs N from 1 to ${MAX_BAR_WIDTH}, not ${width}`);
    if (text !== '') parts.push({ text });
    text = '';
    parts.push({ field: name as FieldName, width: barWidth });
    index += whole!.length;
  }
  if (text !== '') parts.push({ text });
  return { parts };
}

const ICONS = { playing: '▶', paused: '❚❚', stopped: '■' } as const;

/** `━━━━──────`: the dashboard's clock bar, heavy line done and light line to go, readable without colour. */
export function progressBar(percent: number, width: number): string {
  const filled = Math.floor((Math.min(100, Math.max(0, percent)) * width) / 100);
  return '━'.repeat(filled) + '─'.repeat(width - filled);
}

function fieldText(now: NowPlaying, field: FieldName, width: number): string {
  switch (field) {
    case 'volume':
      return now.volume === null ? '' : String(now.volume);
    case 'icon':
      return ICONS[now.state];
    case 'elapsed':
      return formatDuration(now.elapsedMs);
    case 'duration':
      return formatDuration(now.durationMs);
    case 'remaining':
      return formatDuration(now.remainingMs);
    case 'percent':
      return String(now.percent);
    case 'bar':
      return progressBar(now.percent, width);
    case 'shuffle':
      return now.shuffle ? 'on' : 'off';
    default:
      return now[field];
  }
}

/** The template filled in for `now`. */
export function fillTemplate(template: Template, now: NowPlaying): string {
  return template.parts.map((part) => ('text' in part ? part.text : fieldText(now, part.field, part.width))).join('');
}

export const IDLE_TEXT = 'nothing playing';

/**
 * A piece of the line: our own text and the user's (the format's literal text, `--idle`), or a field's value,
 * which holds the service's words and is escaped for the bar that reads the line.
 */
interface Piece {
  text: string;
  isField: boolean;
}

const ours = (text: string): Piece => ({ text, isField: false });
const field = (text: string): Piece => ({ text, isField: true });

/** `▶ Title · Artist 1:23/3:45`, `❚❚` when paused; the artist part left out when there is none. */
function defaultPieces(now: NowPlaying): Piece[] {
  const by = now.artists || now.show;
  return [ours(`${ICONS[now.state]} `), field(now.title), ...(by ? [ours(' · '), field(by)] : []), ours(` ${formatDuration(now.elapsedMs)}/${formatDuration(now.durationMs)}`)];
}

// Fields come sanitized (now-playing.ts); the format's text and --idle come from the command line.
function templatePieces(template: Template, now: NowPlaying): Piece[] {
  return template.parts.map((part) => ('text' in part ? ours(sanitizeText(part.text)) : field(fieldText(now, part.field, part.width))));
}

/** The pieces cut as truncateToWidth cuts their whole text: by display width, ending with `…`. */
function cutPieces(pieces: readonly Piece[], maxWidth: number): readonly Piece[] {
  const whole = pieces.map((piece) => piece.text).join('');
  const fitted = truncateToWidth(whole, maxWidth);
  if (fitted === whole) return pieces;
  let left = fitted.length - 1; // what is kept of the whole before the ellipsis
  const kept: Piece[] = [];
  for (const piece of pieces) {
    if (left <= 0) break;
    kept.push({ ...piece, text: piece.text.slice(0, left) });
    left -= piece.text.length;
  }
  return [...kept, ours('…')];
}

/**
 * The bars that read markup in a line, and what a field's value becomes so that it shows as itself there.
 * Our text and the user's are left as written: a `--format '#[fg=green]{title}'` styles as the user meant.
 */
export type BarMarkup = 'plain' | 'tmux' | 'polybar';

const ESCAPE_FIELD: Record<BarMarkup, (text: string) => string> = {
  plain: (text) => text,
  // tmux expands #[style], #{format} and #(command) in what a #() printed too; ## shows one #.
  tmux: (text) => text.replaceAll('#', '##'),
  // polybar reads %{...} as a tag (%{A1:command:} runs the command on a click) and has no escape for it
  // (its parser takes %% as a % and then the tag): a tag that does nothing, %{O0} (no offset), goes after
  // each % and before a leading {, so no % of a field meets a {, its own or the format's.
  polybar: (text) => text.replaceAll('%', '%%{O0}').replace(/^\{/, '%{O0}{'),
};

export interface LineOptions {
  /** A parsed `--format`; the default line when absent. */
  template?: Template;
  /** What to print when nothing plays (`--idle`); `nothing playing` by default. */
  idle?: string;
  /** `--max-width`: cut to this many terminal columns, ending with `…`. */
  maxWidth?: number;
  /** Colour the line (a terminal, and NO_COLOR unset): green while playing, dim while paused. Plain lines only. */
  color?: boolean;
  /** `--tmux`, `--polybar`: the fields escaped for that bar's markup. */
  markup?: BarMarkup;
}

/** The one line for a status bar, without its newline; no control character in it but the colour asked for. */
export function statusLine(now: NowPlaying, options: LineOptions = {}): string {
  const markup = options.markup ?? 'plain';
  let pieces: readonly Piece[] =
    now.state === 'stopped' ? [ours(sanitizeText(options.idle ?? IDLE_TEXT))] : options.template ? templatePieces(options.template, now) : defaultPieces(now);
  // Cut by display width: truncateToWidth walks graphemes, so a wide character or a letter with its
  // combining marks stays whole or goes whole. Cut before escaping: an escape takes no column in the bar.
  if (options.maxWidth !== undefined) pieces = cutPieces(pieces, options.maxWidth);
  const line = pieces.map((piece) => (piece.isField ? ESCAPE_FIELD[markup](piece.text) : piece.text)).join('');
  if (!options.color || markup !== 'plain' || line === '' || now.state === 'stopped') return line;
  return now.state === 'playing' ? `\x1b[32m${line}\x1b[39m` : `\x1b[2m${line}\x1b[22m`;
}

/** `--json`: every field as a plain value (durations both as text and in ms). */
export function statusJson(now: NowPlaying): string {
  return JSON.stringify({
    state: now.state,
    title: now.title,
    artists: now.artists,
    album: now.album,
    show: now.show,
    context: now.context,
    device: now.device,
    volume: now.volume,
    elapsed: formatDuration(now.elapsedMs),
    duration: formatDuration(now.durationMs),
    remaining: formatDuration(now.remainingMs),
    elapsed_ms: now.elapsedMs,
    duration_ms: now.durationMs,
    remaining_ms: now.remainingMs,
    percent: now.percent,
    shuffle: now.shuffle,
    repeat: now.repeat,
  });
}

/** waybar reads `text` and `tooltip` as Pango markup: a title with `<` or `&` must not break or restyle it. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `--waybar`: the line as `text`, the details as `tooltip`, the state as `class`, and `percentage`. */
export function statusWaybar(now: NowPlaying, options: Omit<LineOptions, 'color' | 'markup'> = {}): string {
  const tooltip =
    now.state === 'stopped'
      ? IDLE_TEXT
      : [
          now.title,
          now.artists,
          now.album || now.show,
          [now.device, now.volume === null ? '' : `volume ${now.volume}%`].filter(Boolean).join(' · '),
          `${formatDuration(now.elapsedMs)}/${formatDuration(now.durationMs)} · shuffle ${now.shuffle ? 'on' : 'off'} · repeat ${now.repeat}`,
        ]
          .filter(Boolean)
          .join('\n');
  return JSON.stringify({
    text: escapeMarkup(statusLine(now, options)),
    tooltip: escapeMarkup(tooltip),
    class: now.state,
    percentage: now.percent,
  });
}
