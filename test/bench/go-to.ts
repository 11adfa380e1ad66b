/**
 * The `goto` section (`npm run bench -- --only goto`): what `:` costs in process, on the sources. Its entries
 * are the sections, the actions and what the lists loaded, a few thousand names on a full library; every key
 * typed ranks them all (state/fuzzy.ts). Timed: the ranking of 5,000 names for each key of typed queries, and
 * the first ranking after the go to opens (each name folded once then).
 */
import { DEFAULT_BINDINGS } from '../../src/keys/bindings.js';
import { actionEntries, rankGoTo, sectionEntries, type GoToEntry } from '../../src/ui/overlays/go-to.js';
import { median, percentile, round, type Figure } from './figures.js';

const NAMES = 5_000;
const SHOWN = 200;
const WORDS = ['Silver', 'magpie', 'Échos', 'river', 'Night', 'über', 'Reef', 'déjà', 'glass', 'Zephyr', 'north', 'Ånd', 'Kites', 'Harbor'];
let seed = 7;
const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const word = (): string => WORDS[Math.floor(random() * WORDS.length)]!;
const QUERIES = ['north reef', 'kites', 'sort', 'échos magpie', 'zz'];

function entries(): GoToEntry[] {
  const named = Array.from({ length: NAMES }, (_, index): GoToEntry => {
    const album = { id: `a${index}`, uri: `playdeck:album:${index}`, name: `${word()} ${word()} ${index % 97}`, artists: [{ name: word() }] };
    return { kind: 'target', target: { kind: 'album', album } as never, uri: album.uri, name: album.name, note: `album · ${album.artists[0]!.name}` };
  });
  return [...sectionEntries(), ...actionEntries(DEFAULT_BINDINGS), ...named];
}

export async function benchGoTo(): Promise<Figure[]> {
  const perKey: number[] = [];
  const firsts: number[] = [];
  for (let round = 0; round < 20; round++) {
    const all = entries();
    for (const query of QUERIES) {
      for (let length = 1; length <= query.length; length++) {
        const started = performance.now();
        rankGoTo(query.slice(0, length), all, SHOWN);
        const took = performance.now() - started;
        // The first key of a round folds every name: counted apart.
        if (query === QUERIES[0] && length === 1) firsts.push(took);
        else perKey.push(took);
      }
    }
  }
  const method = `in process on the sources: rankGoTo over ${NAMES.toLocaleString('en-US')} album names plus the sections and actions, the best ${SHOWN} kept, for each key of ${QUERIES.length} typed queries, 20 rounds`;
  return [
    { section: 'goto', name: ': ranking per key p50', value: round(median(perKey)), unit: 'ms', budget: { max: 8 }, method },
    { section: 'goto', name: ': ranking per key p95', value: round(percentile(perKey, 95)), unit: 'ms', budget: { max: 16 }, method },
    { section: 'goto', name: ': first ranking after opening p50', value: round(median(firsts)), unit: 'ms', method: `${method}; the first key, which folds each name once` },
  ];
}
