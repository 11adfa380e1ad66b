import { Box, Text } from 'ink';
import { memo, useRef } from 'react';
import stringWidth from 'string-width';
import { Pane } from '../components/Pane.js';
import { useKeyLayer } from '../keys/use-key-layer.js';
import { useKeyBindings } from '../context/bindings-context.js';
import { firstKeyLabel } from '../../keys/bindings.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { commandFor, PICKER_KEYMAP, type PickerCommand } from '../keys/keymap.js';
import { padToWidth, truncateToWidth } from '../sanitize.js';
import { editedLine } from '../keys/line-edit.js';
import { likedStyle, mutedStyle, selectionStyle, useTheme } from '../context/theme.js';

/** A row of a picker: a group's heading, or something to choose with its mark (`♥`, a space, or none). */
export type PickerRow = { kind: 'heading'; text: string } | { kind: 'item'; text: string; mark?: string };

/** Border (2) and the line typed into. */
export const PICKER_FRAME_ROWS = 3;
/** The gutter before a row (`› `); where rows have marks, a space and the mark end it. */
const GUTTER = 2;

export interface PickerProps {
  title: string;
  /** Before the text typed (`f`, `:`). */
  prompt: string;
  text: string;
  onText(text: string): void;
  /** Said after the text (what was found, what the keys do). */
  note: string;
  /** Shown instead of rows while there are none (`Searching…`, `Nothing found`). */
  empty: string;
  /** The rows of the window, already cut to it; `cursor` is an index among them (-1: none). */
  rows: readonly PickerRow[];
  cursor: number;
  onCommand(command: PickerCommand): void;
  width: number;
  height: number;
}

/** Columns a row's text may take in a picker of `width` (its border and gutter, and a mark where rows have one). */
/** Where a picker's cursor goes on a cursor command: by one, or by the `visible` rows of a page, within `count` results. */
export function pickerCursorAfter(action: Extract<PickerCommand, { type: 'cursor' }>['action'], at: number, visible: number, count: number): number {
  const step = action === 'up' ? -1 : action === 'down' ? 1 : action === 'pageUp' ? -visible : visible;
  return Math.max(0, Math.min(Math.max(0, count - 1), at + step));
}

export const pickerRowWidth = (width: number, hasMarks: boolean): number => Math.max(1, width - 2 - GUTTER - (hasMarks ? 2 : 0));

/**
 * The frame of the search and the go to: a line to type in and the rows below it. Every key but its own
 * (↑/↓, PgUp/PgDn, Enter, Esc as bound) types (Backspace takes the last character back, Ctrl+U all of
 * them), and Ctrl+C still quits: no key reaches the panes below.
 */
export const Picker = memo(function Picker(props: PickerProps) {
  const { width, height, rows, cursor, onCommand } = props;
  const theme = useTheme();
  const bindings = useKeyBindings();
  // The layer edits the text itself: a text input's own subscription comes a render late, and the first
  // key typed right after `f` would reach nobody.
  const text = useRef(props.text);
  text.current = props.text;
  useKeyLayer(KEY_LAYER.textInput, (input, key) => {
    const command = commandFor(PICKER_KEYMAP, input, key, bindings);
    const edit = (next: string): void => {
      // Kept at once: keys typed faster than a render each add to what the one before left.
      text.current = next;
      props.onText(next);
    };
    if (command !== null) {
      onCommand(command);
      return true;
    }
    const edited = editedLine(text.current, input, key);
    if (edited !== null) edit(edited);
    // Every other key is the picker's too, but Ctrl+C, which still quits.
    return edited !== null || !(key.ctrl && input === 'c');
  });
  const inner = Math.max(1, width - 2);
  const head = `${props.prompt} `;
  const note = truncateToWidth(`  ${props.note}`, Math.max(0, inner - stringWidth(head) - stringWidth(props.text) - 1));
  const key = (action: Parameters<typeof firstKeyLabel>[0]): string => firstKeyLabel(action, bindings);
  return (
    <Pane title={`${props.title} · ${key('pickerUp')}/${key('pickerDown')} choose · ${key('pickerChoose')} · ${key('pickerClose')} closes`} isFocused width={width} height={height}>
      <Box width={inner} height={1} overflow="hidden" flexShrink={0}>
        <Text bold>{head}</Text>
        <Text>{props.text}</Text>
        <Text inverse> </Text>
        <Text {...mutedStyle(theme)}>{note}</Text>
      </Box>
      {rows.length === 0 ? (
        <Text {...mutedStyle(theme)} wrap="truncate">
          {props.empty}
        </Text>
      ) : (
        rows.map((row, index) => {
          if (row.kind === 'heading') {
            return (
              <Text key={index} bold wrap="truncate">
                {truncateToWidth(row.text, inner)}
              </Text>
            );
          }
          const isCursor = index === cursor;
          const line = `${isCursor ? '› ' : '  '}${row.text}${row.mark === undefined ? '' : ' '}`;
          return (
            <Text key={index} {...(isCursor ? selectionStyle(theme) : {})} wrap="truncate">
              {row.mark === undefined && isCursor ? padToWidth(line, inner) : line}
              {row.mark === undefined ? null : <Text {...(isCursor ? {} : likedStyle(theme))}>{row.mark}</Text>}
            </Text>
          );
        })
      )}
    </Pane>
  );
});
