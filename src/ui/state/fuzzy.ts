/**
 * Fuzzy matching ranked the way fzf ranks (its first algorithm): the query's characters in order anywhere in
 * the text, case and accents folded; the shortest stretch of the text that holds them is scored, each
 * character matched worth the same, more where it starts a word (after a space, after `/`, `:` or another
 * delimiter, a capital after a small letter, a digit after a letter), more again for the first character of
 * the query, consecutive characters keeping the bonus of where their run began, and gaps costing a little
 * (more to open one than to widen it). Pure.
 */

const SCORE_MATCH = 16;
const GAP_START = -3;
const GAP_EXTENSION = -1;
const BONUS_BOUNDARY = SCORE_MATCH / 2;
const BONUS_BOUNDARY_WHITE = BONUS_BOUNDARY + 2;
const BONUS_BOUNDARY_DELIMITER = BONUS_BOUNDARY + 1;
const BONUS_NON_WORD = SCORE_MATCH / 2;
const BONUS_CAMEL = BONUS_BOUNDARY + GAP_EXTENSION;
const BONUS_CONSECUTIVE = -(GAP_START + GAP_EXTENSION);
const FIRST_CHAR_MULTIPLIER = 2;

/** What kind of character stands before a match: word characters (the last four) count after the others. */
const CharClass = { White: 0, NonWord: 1, Delimiter: 2, Lower: 3, Upper: 4, Letter: 5, Number: 6 } as const;
type CharClass = (typeof CharClass)[keyof typeof CharClass];

function classOf(char: string): CharClass {
  if (char >= 'a' && char <= 'z') return CharClass.Lower;
  if (char >= 'A' && char <= 'Z') return CharClass.Upper;
  if (char >= '0' && char <= '9') return CharClass.Number;
  if (char === ' ' || char === '\t' || char === '\n') return CharClass.White;
  if ('/,:;|-_.'.includes(char)) return CharClass.Delimiter;
  if (/\p{Lu}/u.test(char)) return CharClass.Upper;
  if (/\p{L}/u.test(char)) return CharClass.Letter;
  if (/\p{N}/u.test(char)) return CharClass.Number;
  return CharClass.NonWord;
}

const isWord = (kind: CharClass): boolean => kind >= CharClass.Lower;

/** The bonus of a character of class `kind` after one of class `previous`. */
function bonusFor(previous: CharClass, kind: CharClass): number {
  if (isWord(kind)) {
    if (previous === CharClass.White) return BONUS_BOUNDARY_WHITE;
    if (previous === CharClass.Delimiter) return BONUS_BOUNDARY_DELIMITER;
    if (previous === CharClass.NonWord) return BONUS_BOUNDARY;
    if ((previous === CharClass.Lower && kind === CharClass.Upper) || (previous !== CharClass.Number && kind === CharClass.Number)) return BONUS_CAMEL;
    return 0;
  }
  if (kind === CharClass.White) return BONUS_BOUNDARY_WHITE;
  return BONUS_NON_WORD;
}

/** One character folded: lower case, accents dropped (`É` is `e`). */
function fold(char: string): string {
  const lower = char.toLowerCase();
  return lower <= '\u007f' ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '').slice(0, 1) || lower;
}

/** The characters of a text folded one by one, each standing for one character of the text. */
export function foldChars(text: string): string[] {
  return Array.from(text, fold);
}

export interface FuzzyMatch {
  score: number;
  /** Where each query character matched, by index in `Array.from(text)`. */
  positions: number[];
}

/** How well `query` matches `text`, or null when its characters are not all there in order. An empty query matches everything at 0. */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  return matchFolded(foldQuery(query), foldChars(text), Array.from(text));
}

/** The query's characters folded, spaces left out (a name's words are found across them). */
const foldQuery = (query: string): string[] => foldChars(query).filter((char) => char !== ' ');

function matchFolded(wanted: readonly string[], folded: readonly string[], chars: readonly string[]): FuzzyMatch | null {
  if (wanted.length === 0) return { score: 0, positions: [] };
  // Forward: where the first run of the query in order ends.
  let found = 0;
  let end = -1;
  for (let index = 0; index < folded.length && found < wanted.length; index++) {
    if (folded[index] === wanted[found]) {
      found += 1;
      if (found === wanted.length) end = index;
    }
  }
  if (end < 0) return null;
  // Backward from there: the latest start, so the stretch is as short as the text allows.
  let start = end;
  for (let at = wanted.length - 1; start >= 0; start--) {
    if (folded[start] === wanted[at] && --at < 0) break;
  }
  return scoreOf(wanted, chars, folded, start, end);
}

function scoreOf(wanted: readonly string[], chars: readonly string[], folded: readonly string[], start: number, end: number): FuzzyMatch {
  let score = 0;
  let next = 0;
  let inGap = false;
  let consecutive = 0;
  let firstBonus = 0;
  const positions: number[] = [];
  let previous = start > 0 ? classOf(chars[start - 1]!) : CharClass.White;
  for (let index = start; index <= end; index++) {
    const kind = classOf(chars[index]!);
    if (next < wanted.length && folded[index] === wanted[next]) {
      score += SCORE_MATCH;
      let bonus = bonusFor(previous, kind);
      if (consecutive === 0) firstBonus = bonus;
      else {
        // A run keeps the bonus of where it began (a word start), or at least the consecutive one.
        if (bonus >= BONUS_BOUNDARY && bonus > firstBonus) firstBonus = bonus;
        bonus = Math.max(bonus, firstBonus, BONUS_CONSECUTIVE);
      }
      score += next === 0 ? bonus * FIRST_CHAR_MULTIPLIER : bonus;
      positions.push(index);
      next += 1;
      consecutive += 1;
      inGap = false;
    } else {
      score += inGap ? GAP_EXTENSION : GAP_START;
      inGap = true;
      consecutive = 0;
      firstBonus = 0;
    }
    previous = kind;
  }
  return { score, positions };
}

/** Each item's text folded once, for as long as the item lives: the next key ranks the same items again. */
const FOLDED = new WeakMap<object, { text: string; folded: string[]; chars: string[] }>();

export interface Ranked<T> {
  item: T;
  match: FuzzyMatch;
}

/**
 * The items that match `query`, best first: by score, then the shorter text (a closer match of the same
 * characters), then as given. `textOf` is asked once per item; `limit` keeps the best few.
 */
export function rankFuzzy<T extends object>(query: string, items: readonly T[], textOf: (item: T) => string, limit = Infinity): Ranked<T>[] {
  const ranked: (Ranked<T> & { index: number; length: number })[] = [];
  const wanted = foldQuery(query);
  items.forEach((item, index) => {
    const text = textOf(item);
    let known = FOLDED.get(item);
    if (known?.text !== text) FOLDED.set(item, (known = { text, folded: foldChars(text), chars: Array.from(text) }));
    const match = matchFolded(wanted, known.folded, known.chars);
    if (match !== null) ranked.push({ item, match, index, length: text.length });
  });
  ranked.sort((a, b) => b.match.score - a.match.score || a.length - b.length || a.index - b.index);
  return ranked.slice(0, limit).map(({ item, match }) => ({ item, match }));
}
