import { Box, Text } from 'ink';
import { useKeyLayer } from '../keys/use-key-layer.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { memo, useRef } from 'react';
import { editedLine } from '../keys/line-edit.js';
import stringWidth from 'string-width';
import { truncateToWidth } from '../sanitize.js';

export interface FilterInputProps {
  /** The filter text. */
  value: string;
  /** The text input has the keys: typing edits, Enter keeps the filter, Esc clears it. */
  isEditing: boolean;
  /** Columns the line may take. */
  width: number;
  /** What the filter found, shown after the text ("12 of 150 loaded"). */
  summary: string;
  onChange(value: string): void;
  /** Enter: keeps the filter and gives the keys back to the list. */
  onAccept(): void;
  /** Esc: drops the filter. */
  onClear(): void;
}

/** The one-line `/` filter above a list. */
export const FilterInput = memo(function FilterInput({
  value,
  isEditing,
  width,
  summary,
  onChange,
  onAccept,
  onClear,
}: FilterInputProps) {
  // While typing, every key is the line's and no layer below sees it. The layer edits the text itself, kept
  // in a ref: a text input computing each value from its last render lost keys typed faster than one (and the
  // first key after `/`, before its own subscription came).
  const text = useRef(value);
  text.current = value;
  useKeyLayer(
    KEY_LAYER.textInput,
    (input, key) => {
      if (key.escape) onClear();
      else if (key.return) onAccept();
      else {
        const edited = editedLine(text.current, input, key);
        if (edited !== null) {
          text.current = edited;
          onChange(edited);
        }
      }
      return true;
    },
    { isActive: isEditing },
  );
  const hint = isEditing ? 'Enter keeps · Esc clears' : 'Esc clears';
  const note = truncateToWidth(`  ${summary === '' ? hint : `${summary} · ${hint}`}`, Math.max(0, width - stringWidth(value) - 3));
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text>/ </Text>
      <Text bold={!isEditing}>{value}</Text>
      {isEditing ? <Text inverse> </Text> : null}
      <Text dimColor>{note}</Text>
    </Box>
  );
});
