import { keyLabel } from '../../keys/names.js';
import { SECTIONS } from '../../keys/sections.js';
import { ACTION_NAMES, actionSpec, placesOf, type ActionName, type Place } from '../../keys/actions.js';
import { keysLabel, type KeyBindings } from '../../keys/bindings.js';

export interface HelpRow {
  Key: string;
  Action: string;
  Where: string;
  /** The config file's name of its action; null for the count's row. */
  name: ActionName | null;
}

/** Rows under a heading naming where they work. */
export interface HelpGroup {
  heading: string;
  rows: HelpRow[];
}

/** Where the help opened: its keys come first, under a heading naming it. */
export interface HelpPlace {
  /** As the heading names it: "Liked songs", "a playlist's items". */
  title: string;
  place: Place;
  /** Keys of the place that do nothing on what it shows, left under their own place's heading. */
  idle: readonly ActionName[];
}

const ITEMS: Place = "a playlist's items";

/** The places whose keys a place reads too: a playlist's items are a list (keymap.ts, ITEMS_KEYMAP). */
const READS_TOO: Partial<Record<Place, readonly Place[]>> = { [ITEMS]: ['lists'] };

/** The heading of each place's keys after those of where the help opened. */
const HEADINGS: Record<Place, string> = {
  everywhere: 'Everywhere',
  'Now playing': 'In Now playing',
  lists: 'In lists',
  "a playlist's items": "In a playlist's items",
  devices: 'In the devices list',
  'offered at start': 'Offered at start',
  help: 'In this help',
  'search and go to': 'In the search and go to',
};

/** The places in table order, the order of the headings after the first two. */
const PLACES = [...new Set(ACTION_NAMES.map((action) => actionSpec(action).place))];

/**
 * The keys a list does nothing with, by what its view does (a section's ListView, sections/types.ts, named
 * here by the members read, below the sections): `l` where no row can be liked, Enter and `P`.
 */
export function idleOn(view: { readonly likes: object | null; readonly open: object | null; readonly play: object | null }): ActionName[] {
  const idle: [ActionName, boolean][] = [['like', view.likes === null], ['open', view.open === null], ['playContext', view.play === null]];
  return idle.filter(([, isIdle]) => isIdle).map(([action]) => action);
}

/** `1–8`, or `1, 2, 4` where they are not a run. */
function digitsText(digits: readonly string[]): string {
  const numbers = digits.map(Number).sort((a, b) => a - b);
  const isRun = numbers.length > 2 && numbers.every((digit, index) => index === 0 || digit === numbers[index - 1]! + 1);
  return isRun ? `${numbers[0]}–${numbers.at(-1)}` : numbers.join(', ');
}

/** The count's row: which keys it repeats and which lone digits still jump, as bound. */
function countRow(bindings: KeyBindings): HelpRow {
  const counted = ACTION_NAMES.filter((action) => actionSpec(action).takesCount === true).map((action) => keyLabel(bindings[action][0]!));
  const jumps = SECTIONS.flatMap(({ focusAction }) => bindings[focusAction].filter((key) => /^[0-9]$/.test(key)));
  const lone = jumps.length === 0 ? '' : `; a lone ${digitsText(jumps)} still jumps to its pane`;
  return { Key: '0–9', Action: `a count before ${counted.join(', ')} repeats it (20K)${lone}`, Where: ITEMS, name: null };
}

const rowOf = (action: ActionName, bindings: KeyBindings): HelpRow => ({
  Key: keysLabel(action, bindings),
  Action: actionSpec(action).description,
  Where: placesOf(action).join(', '),
  name: action,
});

const UNRANKED = Number.MAX_SAFE_INTEGER;
const rankOf = (action: ActionName): number => actionSpec(action).rank ?? UNRANKED;

/** What the help lists as a place's own: the keys read there and those listed there, most used first. */
function keysOf(place: Place): ActionName[] {
  const own = ACTION_NAMES.filter((action) => placesOf(action).includes(place) || actionSpec(action).listedIn?.includes(place) === true);
  // A stable sort: among equal ranks, table order.
  return own.sort((a, b) => rankOf(a) - rankOf(b));
}

/**
 * Every action of the table once, with its keys as bound: those of where the help opened first (and of the
 * places it reads too), by rank; then the keys that work everywhere; then each other place's, in table order.
 * The count follows a playlist's items' own keys.
 */
export function helpGroups(bindings: KeyBindings, here: HelpPlace): HelpGroup[] {
  const listed = new Set<ActionName | 'count'>();
  const rowsOf = (place: Place, actions: readonly ActionName[]): HelpRow[] => {
    const fresh = actions.filter((action) => !listed.has(action));
    for (const action of fresh) listed.add(action);
    const rows = fresh.map((action) => rowOf(action, bindings));
    if (place !== ITEMS || listed.has('count')) return rows;
    listed.add('count');
    return [...rows, countRow(bindings)];
  };
  const idle = new Set(here.idle);
  const firstPlaces = [here.place, ...(READS_TOO[here.place] ?? [])];
  const first = firstPlaces.flatMap((place) => rowsOf(place, keysOf(place).filter((action) => !idle.has(action))));
  const ownPlace = (place: Place): ActionName[] => ACTION_NAMES.filter((action) => actionSpec(action).place === place);
  // A key idle where the help opened is listed under its own place's heading.
  const rest = ['everywhere' as const, ...PLACES.filter((place) => place !== 'everywhere')].map((place) => ({
    heading: HEADINGS[place],
    rows: rowsOf(place, ownPlace(place)),
  }));
  return [{ heading: `In ${here.title}`, rows: first }, ...rest].filter((group) => group.rows.length > 0);
}

/** The rows whose keys, words or config name hold `text` (in any case), under their headings; empty groups go. */
export function filterGroups(groups: readonly HelpGroup[], text: string): HelpGroup[] {
  const needle = text.toLowerCase();
  const matches = (row: HelpRow): boolean => [row.Key, row.Action, row.name ?? ''].some((field) => field.toLowerCase().includes(needle));
  return groups.map((group) => ({ ...group, rows: group.rows.filter(matches) })).filter((group) => group.rows.length > 0);
}
