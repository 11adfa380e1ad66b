import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldChars, fuzzyMatch, rankFuzzy } from '../../../src/ui/state/fuzzy.js';

/** Names as people write them: words of letters, some capitals and digits, a few accents and delimiters. */
const word = fc.stringMatching(/^[A-Za-zéü0-9]{1,8}$/);
const name = fc.array(word, { minLength: 1, maxLength: 5 }).chain((words) =>
  fc.constantFrom(' ', ' - ', '/', '_').map((gap) => words.join(gap)),
);

/** Whether `query`'s characters appear in `text` in order, folded as the matcher folds. */
function isSubsequence(query: string, text: string): boolean {
  const wanted = foldChars(query).filter((char) => char !== ' ');
  let at = 0;
  for (const char of foldChars(text)) if (char === wanted[at]) at += 1;
  return at === wanted.length;
}

describe('fuzzy matching', () => {
  it('matches exactly when the query’s characters are in the text in order, at those places', () => {
    fc.assert(
      fc.property(name, fc.string({ maxLength: 4 }), (text, query) => {
        const match = fuzzyMatch(query, text);
        expect(match !== null).toBe(isSubsequence(query, text));
        if (match === null) return;
        const folded = foldChars(text);
        const wanted = foldChars(query).filter((char) => char !== ' ');
        expect(match.positions.map((position) => folded[position])).toEqual(wanted);
        match.positions.forEach((position, index) => index > 0 && expect(position).toBeGreaterThan(match.positions[index - 1]!));
      }),
    );
  });

  it('finds any part of a name, whatever its case or accents', () => {
    fc.assert(
      fc.property(name, fc.nat(), fc.nat(), (text, from, length) => {
        const chars = Array.from(text);
        const start = from % chars.length;
        const part = chars.slice(start, start + 1 + (length % 5)).join('');
        expect(fuzzyMatch(part.toUpperCase(), text)).not.toBeNull();
        expect(fuzzyMatch(part.normalize('NFD').replace(/\p{M}/gu, ''), text)).not.toBeNull();
      }),
    );
  });

  it('scores the same whatever follows the stretch it matched', () => {
    fc.assert(
      fc.property(name, name, fc.string({ minLength: 1, maxLength: 3 }), (text, tail, query) => {
        const match = fuzzyMatch(query, text);
        if (match === null) return;
        expect(fuzzyMatch(query, `${text} ${tail}`)?.score).toBe(match.score);
      }),
    );
  });

  it('ranks the characters side by side above the same characters apart', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-w]{2,6}$/), (query) => {
        const together = fuzzyMatch(query, `z ${query} z`)!;
        const apart = fuzzyMatch(query, `z ${Array.from(query).join('z')} z`)!;
        expect(together.score).toBeGreaterThan(apart.score);
      }),
    );
  });

  it('ranks a word start above the middle of a word, and the first word above a later one', () => {
    expect(fuzzyMatch('sort', 'sort the list')!.score).toBeGreaterThan(fuzzyMatch('sort', 'resorted list')!.score);
    expect(fuzzyMatch('dev', 'choose the devices')!.score).toBeGreaterThan(fuzzyMatch('dev', 'undeveloped')!.score);
    expect(fuzzyMatch('ls', 'Liked songs')!.score).toBeGreaterThan(fuzzyMatch('ls', 'Playlists')!.score);
    expect(fuzzyMatch('mt', 'moveToTop')!.score).toBeGreaterThan(fuzzyMatch('mt', 'submitted')!.score);
  });

  it('ranks best first, the shorter of two equal matches first, and leaves out what does not match', () => {
    const names = ['Resorted', 'Sort', 'Sorting hat', 'Playlists', 'Sort'];
    const ranked = rankFuzzy('sort', names.map((text) => ({ text })), (item) => item.text).map(({ item }) => item.text);
    expect(ranked).toEqual(['Sort', 'Sort', 'Sorting hat', 'Resorted']);
  });
});
