/** How numbers, durations, dates and HTML from the service read on screen. Pure; no locale surprises. */
import type { ResumePoint } from '../api/types.js';
import { sanitizeText } from './sanitize.js';
import { remembered } from '../text/remembered.js';

/** Shown where a duration is missing or nonsense. */
const UNKNOWN_DURATION = '-:--';

/** `3:07`, `1:02:03`; seconds rounded down; `-:--` for a negative or non-numeric value. */
export function formatDuration(ms: number): string {
  if (!(Number.isFinite(ms) && ms >= 0)) return UNKNOWN_DURATION;
  const totalSeconds = Math.floor(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * `12:34 left` for an episode or chapter begun or not, `played` once fully played or at its end.
 * A missing resume point counts as not started.
 */
export function formatTimeLeft(resumePoint: ResumePoint | null | undefined, durationMs: number): string {
  if (resumePoint?.fully_played) return 'played';
  if (!(Number.isFinite(durationMs) && durationMs >= 0)) return `${UNKNOWN_DURATION} left`;
  const position = resumePoint && Number.isFinite(resumePoint.resume_position_ms) ? resumePoint.resume_position_ms : 0;
  const left = durationMs - Math.max(0, position);
  return left < 1000 ? 'played' : `${formatDuration(left)} left`;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  copy: '©', reg: '®', trade: '™', middot: '·', bull: '•',
};
const ENTITY = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-zA-Z]{1,32}));/y;
const WHITESPACE_RUN = /\s+/g;
// A tag starts with a letter, `/` or `!` after its `<`, so that "a < b" in plain text survives.
const TAG_START = /[a-zA-Z/!]/;
const SKIPPED_ELEMENT = /^(script|style)(?![\w-])/i;

function decodeEntity(entity: string, decimal?: string, hex?: string, name?: string): string {
  if (name !== undefined) return NAMED_ENTITIES[name] ?? entity;
  const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : '\uFFFD';
}

/**
 * The HTML's text in one pass, each character looked at a bounded number of times: a search that found no
 * `>` (or no `</script>`) past some point is not repeated for the next `<`, so a description of a thousand
 * unclosed `<a` costs as much as its length, not its length squared.
 */
function textOfHtml(html: string): string {
  let text = '';
  let noCloseAfter = Infinity; // no '>' at or after this index
  const noEndTagAfter: Record<string, number> = {}; // no '</name>' at or after this index
  let index = 0;
  let plainFrom = 0;
  while (index < html.length) {
    const char = html[index];
    if (char === '&') {
      ENTITY.lastIndex = index;
      const entity = ENTITY.exec(html);
      if (entity === null) {
        index += 1;
        continue;
      }
      text += html.slice(plainFrom, index) + decodeEntity(...(entity as unknown as [string, string?, string?, string?]));
      index = plainFrom = ENTITY.lastIndex;
      continue;
    }
    if (char !== '<' || !TAG_START.test(html[index + 1] ?? '')) {
      index += 1;
      continue;
    }
    let end: number;
    if (html.startsWith('<!--', index)) {
      const close = html.indexOf('-->', index + 4);
      end = close === -1 ? html.length : close + 3;
    } else {
      const close = index >= noCloseAfter ? -1 : html.indexOf('>', index + 1);
      if (close === -1) {
        noCloseAfter = Math.min(noCloseAfter, index);
        index += 1;
        continue;
      }
      end = close + 1;
      const skipped = SKIPPED_ELEMENT.exec(html.slice(index + 1, Math.min(close, index + 8)))?.[1]?.toLowerCase();
      if (skipped !== undefined && end < (noEndTagAfter[skipped] ?? Infinity)) {
        const closing = new RegExp(`</${skipped}\\s*>`, 'gi');
        closing.lastIndex = end;
        const found = closing.exec(html);
        if (found === null) noEndTagAfter[skipped] = end;
        else end = closing.lastIndex;
      }
    }
    // A tag, comment or skipped element becomes a space, so that `<p>a</p><p>b</p>` reads `a b`.
    text += `${html.slice(plainFrom, index)} `;
    index = plainFrom = end;
  }
  return text + html.slice(plainFrom);
}

/** Descriptions stripped lately: a details view draws the same one on every render. */
const STRIPPED_REMEMBERED = 32;
const strippedText = remembered(STRIPPED_REMEMBERED, (html) => sanitizeText(textOfHtml(html)).replace(WHITESPACE_RUN, ' ').trim());

/**
 * Plain text of a description's HTML: tags, comments, scripts and styles removed (a tag becomes a space
 * so that `<p>a</p><p>b</p>` reads `a b`), entities decoded, then sanitized (an entity such as `&#27;`
 * must not smuggle an ESC in) and whitespace folded to single spaces. Linear in the HTML's length, and
 * remembered per text: a render that shows the same description again costs a lookup.
 */
export function stripHtml(html: unknown): string {
  return typeof html === 'string' ? strippedText(html) : '';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** From this age on, a date reads as the date itself. */
const OLD_AFTER_DAYS = 30;

function ago(amount: number, unit: string): string {
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
}

/**
 * `just now`, `5 minutes ago`, `3 hours ago`, `3 days ago`; from 30 days, or in the future by more
 * than a minute, the UTC date `2024-05-01`; '' for an unreadable date.
 */
export function formatRelativeDate(iso: string, now: number | Date): string {
  const time = Date.parse(iso);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(time) || !Number.isFinite(nowMs)) return '';
  const age = nowMs - time;
  if (age < -MINUTE || age >= OLD_AFTER_DAYS * DAY) return new Date(time).toISOString().slice(0, 10);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return ago(Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return ago(Math.floor(age / HOUR), 'hour');
  return ago(Math.floor(age / DAY), 'day');
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `10,000`; `?` for a count that is not a number. */
export function formatCount(count: number): string {
  return Number.isFinite(count) ? COUNT_FORMAT.format(count) : '?';
}

/** `a · b`, leaving out the empty parts (fields a service may leave out, such as a publisher since 2026). */
export function joinPresent(parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join(' · ');
}
