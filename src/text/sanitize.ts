/**
 * Text from the service is hostile until proven otherwise: names and descriptions can carry escape
 * sequences (clear the screen, write the clipboard with OSC 52, retitle the window) or bidi overrides
 * that make a name read backwards. Everything passes through `sanitizeText` before it reaches Ink, and
 * everything the command line prints passes through `printable` (printed.ts), which applies the same rules.
 *
 * Placeholders, chosen so that what was there stays visible without acting:
 * - a whole escape sequence (CSI, OSC, DCS, SOS, PM, APC, two-character ESC sequences; 7- or 8-bit
 *   introducers) and a lone ESC become one `␛` (U+241B);
 * - other C0 controls become their Control Picture (`\x07` -> `␇`), DEL becomes `␡`;
 * - other C1 controls and lone surrogates become `�` (U+FFFD);
 * - newlines (CR, LF, CRLF, NEL, U+2028/2029), tabs, VT and FF become one space each (CRLF one in all);
 * - bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) are removed.
 */
import stringWidth from 'string-width';

const ESCAPE_PLACEHOLDER = '\u241B';
const UNKNOWN_PLACEHOLDER = '\uFFFD';

// Order matters: whole sequences before their lone introducers. String bodies stop at ESC and every C1
// code so that a run of unterminated introducers is scanned once, not once per introducer.
const UNSAFE = new RegExp(
  [
    // OSC, DCS, SOS, PM, APC: a string ended by BEL or ST
    '(?:\\x1b[\\]PX^_]|[\\x90\\x98\\x9d\\x9e\\x9f])[^\\x07\\x1b\\x80-\\x9f]*(?:\\x07|\\x1b\\\\|\\x9c)',
    '(?:\\x1b\\[|\\x9b)[\\x30-\\x3f]*[\\x20-\\x2f]*[\\x40-\\x7e]', // CSI
    '\\x1b[\\x20-\\x2f]*[\\x30-\\x7e]', // other ESC sequences (ESC c, ESC ( B, ...)
    '\\r\\n',
    '[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]',
    '[\\u202a-\\u202e\\u2066-\\u2069]',
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
  ].join('|'),
  'g',
);
const MIGHT_BE_UNSAFE = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;
const SPACES = /^(?:\r\n|[\t\n\v\f\r\x85\u2028\u2029])$/;
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

function placeholder(match: string): string {
  if (SPACES.test(match)) return ' ';
  if (match.length > 1 || match === '\x1b') return ESCAPE_PLACEHOLDER; // a sequence or a lone ESC
  const code = match.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  if (code >= 0x202a && code <= 0x2069) return ''; // bidi controls
  return UNKNOWN_PLACEHOLDER; // C1 controls, lone surrogates
}

/** Safe-to-print text on one line; never throws; anything but a string gives ''. */
export function sanitizeText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return MIGHT_BE_UNSAFE.test(value) ? value.replace(UNSAFE, placeholder) : value;
}

/** Made on first use: the first Segmenter costs ~7 ms (ICU's break rules), which a start or a `status` need not pay. */
let graphemes: Intl.Segmenter | undefined;
const ELLIPSIS = '…';

/**
 * Cuts sanitized text to at most `width` terminal columns (wide CJK and emoji count 2, combining marks 0),
 * ending with `…` when something was cut. Never splits a grapheme.
 */
export function truncateToWidth(text: string, width: number): string {
  return fitToWidth(text, width).text;
}

/** `text` cut as truncateToWidth cuts it, and the columns the result takes (measured on the way). */
function fitToWidth(text: string, width: number): { text: string; columns: number } {
  const columns = Number.isFinite(width) ? Math.floor(width) : 0;
  if (columns <= 0) return { text: '', columns: 0 };
  if (PLAIN_ASCII.test(text)) {
    return text.length <= columns ? { text, columns: text.length } : { text: text.slice(0, columns - 1) + ELLIPSIS, columns };
  }
  if (text.length > MAX_REMEMBERED_LENGTH) return fitGraphemes(text, columns);
  const key = `${columns}\u0000${text}`;
  let fitted = recentlyFitted.get(key);
  if (fitted === undefined) {
    fitted = fitGraphemes(text, columns);
    if (recentlyFitted.size >= MAX_FITTED) recentlyFitted.clear();
    recentlyFitted.set(key, fitted);
  }
  return fitted;
}

/**
 * Texts beyond ASCII fitted lately: a list scrolled by one row lays out the other rows' cells again, and
 * walking their graphemes is most of a key's work. Bounded by forgetting them all now and then.
 */
const MAX_FITTED = 4_096;
/** Longer texts (descriptions) are cut once per render of their pane, and would make the memory large. */
const MAX_REMEMBERED_LENGTH = 256;
const recentlyFitted = new Map<string, { text: string; columns: number }>();

function fitGraphemes(text: string, columns: number): { text: string; columns: number } {
  // Walk graphemes only as far as the width allows: measuring a long description whole is slow.
  let used = 0;
  let endWithEllipsis = 0;
  let usedBeforeEllipsis = 0;
  for (const { segment, index } of (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text)) {
    used += PLAIN_ASCII.test(segment) ? segment.length : stringWidth(segment);
    if (used > columns) return { text: text.slice(0, endWithEllipsis) + ELLIPSIS, columns: usedBeforeEllipsis + 1 };
    if (used <= columns - 1) {
      endWithEllipsis = index + segment.length;
      usedBeforeEllipsis = used;
    }
  }
  return { text, columns: used };
}

/** Sanitized text truncated to `width` columns and padded with spaces to exactly `width`. */
export function padToWidth(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const columns = Number.isFinite(width) ? Math.max(0, Math.floor(width)) : 0;
  const cut = fitToWidth(text, columns);
  const padding = ' '.repeat(Math.max(0, columns - cut.columns));
  return align === 'left' ? cut.text + padding : padding + cut.text;
}
