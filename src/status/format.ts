/**
 * The line `playdeck status` prints: the default `▶ Title · Artist 1:23/3:45`, a `--format` of named fields,
 * `--json` for scripts and `--waybar` for waybar's custom module. Pure: the caller gives the player's state
 * (now-playing.ts) and the options; nothing here reads the clock, the environment or a terminal.
 */
import { formatDuration } from '../ui/format.js';
import { truncateToWidth } from '../ui/sanitize.js';
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

/** `▶ Title · Artist 1:23/3:45`, `❚❚` when paused; the artist part left out when there is none. */
export function defaultLine(now: NowPlaying): string {
  const by = now.artists || now.show;
  return `${ICONS[now.state]} ${now.title}${by ? ` · ${by}` : ''} ${formatDuration(now.elapsedMs)}/${formatDuration(now.durationMs)}`;
}

export interface LineOptions {
  /** A parsed `--format`; the default line when absent. */
  template?: Template;
  /** What to print when nothing plays (`--idle`); `nothing playing` by default. */
  idle?: string;
  /** `--max-width`: cut to this many terminal columns, ending with `…`. */
  maxWidth?: number;
  /** Colour the line (a terminal, and NO_COLOR unset): green while playing, dim while paused. */
  color?: boolean;
}

/** The one line for a status bar, without its newline. */
export function statusLine(now: NowPlaying, options: LineOptions = {}): string {
  let line = now.state === 'stopped' ? (options.idle ?? IDLE_TEXT) : options.template ? fillTemplate(options.template, now) : defaultLine(now);
  // Cut by display width: truncateToWidth walks graphemes, so a wide character or a letter with its
  // combining marks stays whole or goes whole.
  if (options.maxWidth !== undefined) line = truncateToWidth(line, options.maxWidth);
  if (!options.color || line === '' || now.state === 'stopped') return line;
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
export function statusWaybar(now: NowPlaying, options: Omit<LineOptions, 'color'> = {}): string {
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
