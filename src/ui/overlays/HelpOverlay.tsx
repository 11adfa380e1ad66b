import { Table } from '@alcalzone/ink-table';
import { Box, Text } from 'ink';
import { useKeyLayer } from '../keys/use-key-layer.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { memo, useMemo, useState, type PropsWithChildren } from 'react';
import { Pane } from '../components/Pane.js';
import { useKeyBindings } from '../services/bindings-context.js';
import { firstKeyLabel } from '../../keys/bindings.js';
import { helpRows, type HelpRow } from '../keys/help-rows.js';
import { commandFor, GLOBAL_KEYMAP, HELP_KEYMAP, runCommand, type CommandHandlers, type HelpCommand } from '../keys/keymap.js';
import { truncateToWidth } from '../sanitize.js';

export interface HelpOverlayProps {
  width: number;
  height: number;
  onClose(): void;
}

/** Rows around the table's body: the pane's border (2), the scroll line and the table's heading. */
const FRAME_ROWS = 4;
/** Columns around the cells: the pane's border and padding (4), the table's four rules and six padding spaces. */
const FRAME_COLUMNS = 14;
/** Everything ink-table draws with box characters but the column rules. */
const RULE_ONLY = /^[─┌┬┐├┼┤└┴┘]+$/;

/**
 * ink-table draws a ruled line above, below and between every two rows; dropping them (an empty row takes
 * no height) keeps one line per key, which a short terminal needs.
 */
function Skeleton({ children }: PropsWithChildren) {
  return typeof children === 'string' && RULE_ONLY.test(children) ? null : <Text dimColor>{children}</Text>;
}

function Heading({ children }: PropsWithChildren) {
  return <Text bold>{children}</Text>;
}

/** Pads every cell to its column's widest value, cutting the actions to fit, so columns hold still while scrolling. */
export function fitRows(rows: readonly HelpRow[], width: number): HelpRow[] {
  const widest = (pick: (row: HelpRow) => string, heading: string): number =>
    Math.max(heading.length, ...rows.map((row) => pick(row).length));
  const keyWidth = widest((row) => row.Key, 'Key');
  const whereWidth = widest((row) => row.Where, 'Where');
  const actionWidth = Math.max(6, Math.min(widest((row) => row.Action, 'Action'), width - FRAME_COLUMNS - keyWidth - whereWidth));
  return rows.map((row) => ({
    Key: row.Key.padEnd(keyWidth),
    Action: truncateToWidth(row.Action, actionWidth).padEnd(actionWidth),
    Where: row.Where.padEnd(whereWidth),
  }));
}

const isFocusMove = (type: string | undefined): boolean => type === 'focus' || type === 'focusNext' || type === 'focusPrevious';

/** Every key, in a table that scrolls when the terminal is short. `?` (the app's) or Esc closes it. */
export const HelpOverlay = memo(function HelpOverlay({ width, height, onClose }: HelpOverlayProps) {
  const bindings = useKeyBindings();
  const rows = useMemo(() => fitRows(helpRows(bindings), width), [bindings, width]);
  const visible = Math.max(1, height - FRAME_ROWS);
  const lastTop = Math.max(0, rows.length - visible);
  const [top, setTop] = useState(0);
  const shownTop = Math.min(top, lastTop);

  // Over the panes: the scroll keys and Esc are the help's; keys that move the focus wait until it closes;
  // the rest (quit, `?`, playback) go on to the global keys.
  const scroll = (delta: number): void => setTop((current) => Math.max(0, Math.min(lastTop, current + delta)));
  const handlers: CommandHandlers<HelpCommand> = {
    scroll: ({ rows: delta }) => scroll(delta),
    page: ({ direction }) => scroll(direction * visible),
    close: () => onClose(),
  };
  useKeyLayer(KEY_LAYER.overlay, (input, key) => {
    const command = commandFor(HELP_KEYMAP, input, key, bindings);
    if (command === null) return isFocusMove(commandFor(GLOBAL_KEYMAP, input, key, bindings)?.type);
    runCommand(handlers, command);
    return true;
  });

  const key = (action: Parameters<typeof firstKeyLabel>[0]): string => firstKeyLabel(action, bindings);
  const scrollHint = `${key('helpScrollUp')}/${key('helpScrollDown')} ${key('helpPageUp')}/${key('helpPageDown')}`;
  const closeHint = `${key('helpClose')} or ${key('help')} closes`;
  const shown = rows.slice(shownTop, shownTop + visible);
  const range = `${shownTop + 1}–${shownTop + shown.length} of ${rows.length}`;
  return (
    <Pane title="Help · every key" isFocused width={width} height={height}>
      <Box flexDirection="column" paddingX={1}>
        <Text dimColor wrap="truncate">
          {lastTop > 0 ? `Keys ${range} · ${scrollHint} scroll · ${closeHint}` : closeHint}
        </Text>
        <Table data={shown} columns={['Key', 'Action', 'Where']} skeleton={Skeleton} header={Heading} />
      </Box>
    </Pane>
  );
});
