import { withinLimit, type Figure, type Limit } from './figures.js';
import { FLOOR } from './floors.js';
import { cpuPerKeyName, keyFloorName, type Pass } from './key-figures.js';
import { LISTS } from './key-runs.js';
import { LIKED_WALK } from './memory.js';
import { START, WITHOUT_CA_SUFFIX } from './start.js';

/**
 * Issue 31's goals in one table after the figures: each with our figure, its floor from this run, the ratio and
 * a verdict. A goal stated as a ratio is judged on the ratio; one stated over the floor, on the difference; the
 * rest on the figure. A goal whose section did not run (`--only`), or that this Node cannot run, says so.
 */

interface Goal {
  goal: string;
  section: Figure['section'];
  name: string;
  /** A name of FLOOR (floors section), or the name of a figure of the same section that stands as the floor. */
  floor?: string;
  /** The goal as a limit on our figure ÷ the floor. */
  ratio?: Limit;
  /** The goal as a limit on (our figure − the floor). */
  overFloor?: Limit;
  /** The goal as a limit on the figure itself (else the figure's own budget). */
  limit?: Limit;
}

const keyGoals = (list: string): Goal[] =>
  (['steady', 'first pass'] as Pass[]).map((pass) => ({
    goal: `CPU per key, ${list}, ${pass}`,
    section: 'keys',
    name: cpuPerKeyName(list, pass),
    floor: keyFloorName(pass),
    ratio: { max: pass === 'steady' ? 1.5 : 2 },
  }));

const GOALS: Goal[] = [
  { goal: 'start to now playing, embedded, existing db', section: 'start', name: START.existing, floor: FLOOR.inkStart, ratio: { max: 1.3 } },
  { goal: '… the same without NODE_EXTRA_CA_CERTS', section: 'start', name: `${START.existing}${WITHOUT_CA_SUFFIX}`, floor: FLOOR.inkStartWithoutCa, ratio: { max: 1.3 } },
  { goal: 'start to now playing, dashboard on a service', section: 'start', name: START.onService, floor: FLOOR.inkStart, ratio: { max: 1.3 } },
  { goal: '… the same without NODE_EXTRA_CA_CERTS', section: 'start', name: `${START.onService}${WITHOUT_CA_SUFFIX}`, floor: FLOOR.inkStartWithoutCa, ratio: { max: 1.3 } },
  { goal: 'peak RSS, 10,000-item walk, embedded', section: 'memory', name: 'peak RSS after walking 10,000 items', floor: FLOOR.inkRss, limit: { max: 120 } },
  { goal: 'peak RSS, Liked songs 10,000 walk, embedded', section: 'memory', name: LIKED_WALK, floor: FLOOR.inkRss, limit: { max: 120 } },
  { goal: 'peak RSS, walk, dashboard alone', section: 'memory', name: 'dashboard alone (--base-url): peak RSS over the walk', floor: FLOOR.inkRss, overFloor: { max: 40 } },
  ...keyGoals(LISTS.playlist),
  ...keyGoals(LISTS.liked),
  ...keyGoals(LISTS.search),
  { goal: 'idle CPU of the whole tree, playing, 60 s steady', section: 'idle', name: 'CPU, whole process tree', floor: FLOOR.timerCpu, limit: { max: 0.25 } },
  { goal: 'requests in 30 s, focused', section: 'attention', name: 'requests in 30 s, focused', limit: { max: 6 } },
  { goal: 'requests in 30 s, not focused', section: 'attention', name: 'requests in 30 s, not focused', limit: { max: 2 } },
];

function show(value: number | null | undefined, unit: Figure['unit']): string {
  if (value === null || value === undefined) return 'n/a';
  const number = Math.abs(value) >= 1000 ? Math.round(value).toLocaleString('en-US') : String(value);
  return unit === 'ratio' || unit === 'count' ? number : `${number} ${unit}`;
}

function limitText(limit: Limit, unit: Figure['unit'], what = ''): string {
  return `${what}${'max' in limit ? '≤ ' : '≥ '}${show('max' in limit ? limit.max : limit.min, unit)}`;
}

export function formatGoals(figures: readonly Figure[], node = process.version): string {
  const find = (section: Figure['section'], name: string) => figures.find((figure) => figure.section === section && figure.name === name);
  const rows = GOALS.flatMap(({ goal, section, name, floor: floorName, ratio: ratioGoal, overFloor, limit }) => {
    const ours = find(section, name);
    if (ours === undefined) {
      // Without NODE_EXTRA_CA_CERTS at all, or on a Node that reads it lazily, there is no second start to show.
      if (name.endsWith(WITHOUT_CA_SUFFIX)) return [];
      return [[goal, 'not run', '', '', '', `(--only without ${section})`]];
    }
    const floor = floorName === undefined ? undefined : (find('floors', floorName) ?? find(section, floorName));
    const ratio = ours.value !== null && floor?.value ? ours.value / floor.value : null;
    let target = '';
    let met: boolean | null = null;
    if (ratioGoal !== undefined) {
      target = limitText(ratioGoal, 'ratio', '× floor ');
      met = ratio === null ? null : withinLimit(Number(ratio.toFixed(2)), ratioGoal);
    } else if (overFloor !== undefined) {
      target = `floor + ${show('max' in overFloor ? overFloor.max : overFloor.min, ours.unit)}`;
      met = ours.value === null || !floor || floor.value === null ? null : withinLimit(ours.value - floor.value, overFloor);
    } else {
      const own = limit ?? ours.budget;
      if (own !== undefined) {
        target = limitText(own, ours.unit);
        met = ours.value === null ? null : withinLimit(ours.value, own);
      }
    }
    const floorText = floorName === undefined ? 'none' : floor === undefined ? `(${section === 'keys' ? 'keys' : 'floors'} not run)` : show(floor.value, floor.unit);
    const verdict = ours.value === null ? (ours.note?.startsWith('not run on this Node') ? 'not run on this Node' : 'not measured') : met === null ? 'not measured' : met ? 'met' : 'NOT MET';
    return [[goal, show(ours.value, ours.unit), floorText, ratio === null ? '' : ratio.toFixed(2), target, verdict]];
  });
  const header = [`issue 31 goal (node ${node})`, 'ours', 'floor', 'ratio', 'goal', 'verdict'];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => [...row[column]!].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join('  ').trimEnd();
  return [line(header), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
