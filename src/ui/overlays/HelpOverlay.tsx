import { Box, Text } from 'ink';
import { memo, useMemo, useReducer, useState } from 'react';
import { Pane } from '../components/Pane.js';
import { FilterInput } from '../list/FilterInput.js';
import { useKeyLayer } from '../keys/use-key-layer.js';
import { useKeyBindings } from '../context/bindings-context.js';
import { firstKeyLabel } from '../../keys/bindings.js';
import { filterGroups, helpGroups, type HelpGroup, type HelpPlace, type HelpRow } from '../keys/help-rows.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { commandFor, GLOBAL_KEYMAP, HELP_KEYMAP, runCommand, type CommandHandlers, type HelpCommand } from '../keys/keymap.js';
import { truncateToWidth } from '../sanitize.js';
import { CLOSED_FILTER, filterReducer, type FilterChange } from '../state/list-filter.js';

export interface HelpOverlayProps {
  width: number;
  height: number;
  /** Where the keys were when it opened: its keys come first. */
  here: HelpPlace;
  onClose(): void;
}

/** Rows around the table's body: the pane's border (2), the scroll line and the table's heading. */
const FRAME_ROWS = 4;
/** Columns around the cells: the pane's border and padding (4), the table's four rules and six padding spaces. */
const FRAME_COLUMNS = 14;
const COLUMNS = ['Key', 'Action', 'Where'] as const;
type Cells = Record<(typeof COLUMNS)[number], string>;

/** Pads every cell to its column's widest value, cutting the actions to fit, so columns hold still while scrolling. */
export function fitRows(rows: readonly HelpRow[], width: number): HelpRow[] {
  const widest = (pick: (row: HelpRow) => string, heading: string): number =>
    Math.max(heading.length, ...rows.map((row) => pick(row).length));
  const keyWidth = widest((row) => row.Key, 'Key');
  const whereWidth = widest((row) => row.Where, 'Where');
  const actionWidth = Math.max(6, Math.min(widest((row) => row.Action, 'Action'), width - FRAME_COLUMNS - keyWidth - whereWidth));
  return rows.map((row) => ({
    ...row,
    Key: row.Key.padEnd(keyWidth),
    Action: truncateToWidth(row.Action, actionWidth).padEnd(actionWidth),
    Where: row.Where.padEnd(whereWidth),
  }));
}

/** The groups with their cells fitted to `width`, all together: the columns keep their widths as the filter narrows. */
function fitGroups(groups: readonly HelpGroup[], width: number): HelpGroup[] {
  const fitted = fitRows(groups.flatMap((group) => group.rows), width);
  let next = 0;
  return groups.map((group) => ({ ...group, rows: group.rows.map(() => fitted[next++]!) }));
}

/** A line of the body: a group's heading, or a row with its number among the rows. */
type Line = { heading: string } | { row: HelpRow; number: number };

function linesOf(groups: readonly HelpGroup[]): Line[] {
  let number = 0;
  return groups.flatMap((group) => [{ heading: group.heading }, ...group.rows.map((row) => ({ row, number: ++number }))]);
}

/** One line of the table, as ink-table drew it: dim rules between cells padded by a space; the heading bold. */
function TableLine({ cells, isHeading = false }: { cells: Cells; isHeading?: boolean }) {
  return (
    <Text wrap="truncate">
      <Text dimColor>│</Text>
      {COLUMNS.map((column) => (
        <Text key={column}>
          <Text bold={isHeading}>{` ${cells[column]} `}</Text>
          <Text dimColor>│</Text>
        </Text>
      ))}
    </Text>
  );
}

/** The column names, as wide as the fitted rows' cells. */
const headingCells = (fitted: HelpRow | undefined): Cells =>
  Object.fromEntries(COLUMNS.map((column) => [column, column.padEnd(fitted?.[column].length ?? 0)])) as Cells;

const isFocusMove = (type: string | undefined): boolean => type === 'focus' || type === 'focusNext' || type === 'focusPrevious';

/**
 * Every key, those of where it opened first, in a table that scrolls when the terminal is short; `/` filters
 * it. `?` (the app's) closes it; Esc clears the filter, then closes it.
 */
export const HelpOverlay = memo(function HelpOverlay({ width, height, here, onClose }: HelpOverlayProps) {
  const bindings = useKeyBindings();
  const groups = useMemo(() => fitGroups(helpGroups(bindings, here), width), [bindings, here, width]);
  const [filter, changeFilter] = useReducer(filterReducer, CLOSED_FILTER);
  const shownGroups = useMemo(() => (filter.text === '' ? groups : filterGroups(groups, filter.text)), [groups, filter.text]);
  const lines = useMemo(() => linesOf(shownGroups), [shownGroups]);
  const rowCount = shownGroups.reduce((count, group) => count + group.rows.length, 0);
  const visible = Math.max(1, height - FRAME_ROWS);
  const lastTop = Math.max(0, lines.length - visible);
  const [top, setTop] = useState(0);
  const shownTop = Math.min(top, lastTop);
  const isFiltering = filter.isEditing || filter.text !== '';
  // A new filter shows its first matches; none, the help's first page again.
  const showFilter = (change: FilterChange): void => {
    changeFilter(change);
    setTop(0);
  };

  // Over the panes: the scroll keys, `/` and Esc are the help's; keys that move the focus wait until it
  // closes; the rest (quit, `?`, playback) go on to the global keys.
  const scroll = (delta: number): void => setTop((current) => Math.max(0, Math.min(lastTop, current + delta)));
  const handlers: CommandHandlers<HelpCommand> = {
    scroll: ({ rows: delta }) => scroll(delta),
    page: ({ direction }) => scroll(direction * visible),
    filter: () => changeFilter({ type: 'open' }),
    close: () => (filter.text === '' ? onClose() : showFilter({ type: 'clear' })),
  };
  useKeyLayer(KEY_LAYER.overlay, (input, key) => {
    const command = commandFor(HELP_KEYMAP, input, key, bindings);
    if (command === null) return isFocusMove(commandFor(GLOBAL_KEYMAP, input, key, bindings)?.type);
    runCommand(handlers, command);
    return true;
  });

  const key = (action: Parameters<typeof firstKeyLabel>[0]): string => firstKeyLabel(action, bindings);
  const scrollHint = `${key('helpScrollUp')}/${key('helpScrollDown')} ${key('helpPageUp')}/${key('helpPageDown')}`;
  const closeHint = `${key('helpFilter')} filters · ${key('helpClose')} or ${key('help')} closes`;
  const shown = lines.slice(shownTop, shownTop + visible);
  const numbers = shown.flatMap((line) => ('row' in line ? [line.number] : []));
  const range = numbers.length === 0 ? null : `Keys ${numbers[0]}–${numbers.at(-1)} of ${rowCount}`;
  const innerWidth = Math.max(1, width - 4);
  return (
    <Pane title="Help · every key" isFocused width={width} height={height}>
      <Box flexDirection="column" paddingX={1}>
        {isFiltering ? (
          <FilterInput
            value={filter.text}
            isEditing={filter.isEditing}
            width={innerWidth}
            summary={`${rowCount} of ${groups.reduce((count, group) => count + group.rows.length, 0)} keys`}
            onChange={(text) => showFilter({ type: 'change', text })}
            onAccept={() => changeFilter({ type: 'accept' })}
            onClear={() => showFilter({ type: 'clear' })}
          />
        ) : (
          <Text dimColor wrap="truncate">
            {lastTop > 0 && range !== null ? `${range} · ${scrollHint} scroll · ${closeHint}` : closeHint}
          </Text>
        )}
        <TableLine cells={headingCells(groups[0]?.rows[0])} isHeading />
        {shown.map((line) =>
          'row' in line ? (
            <TableLine key={line.number} cells={line.row} />
          ) : (
            <Text key={`heading ${line.heading}`} bold wrap="truncate">
              {line.heading}
            </Text>
          ),
        )}
        {rowCount === 0 ? <Text dimColor>No key matches.</Text> : null}
      </Box>
    </Pane>
  );
});
