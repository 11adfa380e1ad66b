/** Fills the name formats of words.ts with random words. */
import type { Random } from './random.js';
import {
  ADJECTIVES,
  FIRST_NAMES,
  NOUNS,
  PLACES,
  PLURAL_NOUNS,
  SURNAMES,
  TOPICS,
  VERBS,
} from './words.js';

const SMALL_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'to', 'for', 'with', 'at']);

/** Capitalises a phrase for use inside a title ("the art of letter writing" -> "the Art of Letter Writing"). */
function titleCase(phrase: string): string {
  return phrase
    .split(' ')
    .map((word) => (SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Two different words from one list (for "{noun} and {noun2}"). */
function pickPair(random: Random, list: readonly string[]): [string, string] {
  const first = random.int(0, list.length - 1);
  const second = (first + random.int(1, list.length - 1)) % list.length;
  return [list[first], list[second]];
}

/** A name from `format`, each `{placeholder}` replaced by a word of its list. */
export function fillFormat(random: Random, format: string): string {
  const [noun, noun2] = pickPair(random, NOUNS);
  const [first, first2] = pickPair(random, FIRST_NAMES);
  const filled = format.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
    switch (key) {
      case 'adjective':
        return random.pick(ADJECTIVES);
      case 'noun':
        return noun;
      case 'noun2':
        return noun2;
      case 'plural':
        return random.pick(PLURAL_NOUNS);
      case 'verb':
        return random.pick(VERBS);
      case 'place':
        return random.pick(PLACES);
      case 'first':
        return first;
      case 'first2':
        return first2;
      case 'surname':
        return random.pick(SURNAMES);
      case 'topic':
        return titleCase(random.pick(TOPICS));
      default:
        throw new Error(`Unknown name placeholder ${placeholder}`);
    }
  });
  // "A {adjective}" before a vowel reads "An"; a title starting with a topic starts with a capital.
  const named = filled.replace(/\bA (?=[AEIOU])/g, 'An ');
  return named.charAt(0).toUpperCase() + named.slice(1);
}

/** A name from a random format of `formats`. */
export function makeName(random: Random, formats: readonly string[]): string {
  return fillFormat(random, random.pick(formats));
}

/** A made-up person: a first name and a surname. */
export function personName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;
}

/** Names from `formats` that differ from each other (artist names must be told apart). */
export function distinctNames(random: Random, formats: readonly string[], count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(makeName(random, formats));
  return [...names];
}
