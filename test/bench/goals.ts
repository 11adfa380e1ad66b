import { withinLimit, type Figure, type Limit } from './figures.js';
import { FLOOR } from './floors.js';
import { CURSOR_MOVES } from './keys.js';

/**
 * Issue 21's goals in one table after the figures: each with our figure, its floor from this run, the ratio
 * and the goal. A goal whose section did not run (`--only`) says so; one without a floor says that too.
 */

interface Goal {
  goal: string;
  section: Figure['section'];
  name: string;
  /** A name of FLOOR, or the name of a figure of the same section that stands as the floor. */
  floor?: string;
  /** The goal as a limit on (our figure − the floor), where the issue puts it so. */
  overFloor?: Limit;
}

const GOALS: Goal[] = [
  { goal: 'idle CPU of the whole tree while playing', section: 'idle', name: 'CPU, whole process tree', floor: FLOOR.timerCpu },
  { goal: 'CPU per j in the 10,000-item playlist', section: 'keys', name: 'CPU per key repaint (j)', floor: FLOOR.inkFrameCpu },
  { goal: 'in-process key to frame p50', section: 'keys', name: `in-process ${CURSOR_MOVES} × j p50`, floor: FLOOR.inkFrameCpu },
  { goal: 'in-process key to frame p99', section: 'keys', name: `in-process ${CURSOR_MOVES} × j p99`, floor: FLOOR.inkFrameCpu },
  { goal: 'peak RSS over the walk, embedded service', section: 'memory', name: 'peak RSS after walking 10,000 items', floor: FLOOR.inkRss },
  {
    goal: 'peak RSS over the walk, dashboard alone',
    section: 'memory',
    name: 'dashboard alone (--base-url): peak RSS over the walk',
    floor: FLOOR.inkRss,
    overFloor: { max: 10 },
  },
  { goal: 'start to now playing, existing db', section: 'start', name: 'start to now playing, existing db', floor: FLOOR.inkStart },
  { goal: 'first start, fresh db', section: 'start', name: 'start to now playing, fresh db', floor: FLOOR.inkStart },
  { goal: 'requests in 30 s, focused', section: 'attention', name: 'requests in 30 s, focused' },
  { goal: 'requests in 30 s, not focused', section: 'attention', name: 'requests in 30 s, not focused' },
  { goal: 'stale after the focus comes back', section: 'attention', name: 'focus back to a current screen' },
  { goal: 'status through the socket (issue 16)', section: 'status', name: 'status through the socket, wall time p50', floor: 'floor: bare node -e "" wall time p50' },
];

function show(value: number | null | undefined, unit: Figure['unit']): string {
  if (value === null || value === undefined) return 'n/a';
  const number = Math.abs(value) >= 1000 ? Math.round(value).toLocaleString('en-US') : String(value);
  return unit === 'ratio' || unit === 'count' ? number : `${number} ${unit}`;
}

function limit(limit: Limit | undefined, unit: Figure['unit']): string {
  if (limit === undefined) return '';
  return 'max' in limit ? `≤ ${show(limit.max, unit)}` : `≥ ${show(limit.min, unit)}`;
}

export function formatGoals(figures: readonly Figure[]): string {
  const find = (section: Figure['section'], name: string) => figures.find((figure) => figure.section === section && figure.name === name);
  const rows = GOALS.map(({ goal, section, name, floor: floorName, overFloor }) => {
    const ours = find(section, name);
    if (ours === undefined) return [goal, 'not run', '', '', '', `(--only without ${section})`];
    const floor = floorName === undefined ? undefined : (find('floors', floorName) ?? find(section, floorName));
    const ratio = ours.value !== null && floor?.value ? (ours.value / floor.value).toFixed(1) : '';
    let target = limit(ours.budget, ours.unit);
    let met = ours.value === null || ours.budget === undefined ? null : withinLimit(ours.value, ours.budget);
    if (overFloor !== undefined) {
      target = `floor + ${show('max' in overFloor ? overFloor.max : overFloor.min, ours.unit)}`;
      met = ours.value === null || !floor || floor.value === null ? null : withinLimit(ours.value - floor.value, overFloor);
    }
    const floorText = floorName === undefined ? 'none' : floor === undefined ? '(floors not run)' : show(floor.value, floor.unit);
    return [goal, show(ours.value, ours.unit), floorText, ratio, target, met === null ? 'not measured' : met ? 'met' : 'NOT MET'];
  });
  const header = ['issue 21 goal', 'ours', 'floor', 'ratio', 'goal', 'verdict'];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => [...row[column]!].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join('  ').trimEnd();
  return [line(header), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
