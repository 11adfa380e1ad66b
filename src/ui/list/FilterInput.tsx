import { Box, Text } from 'ink';
import { useKeyLayer } from '../keys/use-key-layer.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import TextInput from 'ink-text-input';
import { memo } from 'react';
import stringWidth from 'string-width';
import { sanitizeText, truncateToWidth } from '../sanitize.js';

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
  // While typing, every key is text (ink-text-input reads them itself) and no layer below sees it.
  // ink-text-input ignores Esc; it means "clear" here.
  useKeyLayer(
    KEY_LAYER.textInput,
    (_input, key) => {
      if (key.escape) onClear();
      return true;
    },
    { isActive: isEditing },
  );
  const hint = isEditing ? 'Enter keeps · Esc clears' : 'Esc clears';
  const note = truncateToWidth(`  ${summary === '' ? hint : `${summary} · ${hint}`}`, Math.max(0, width - stringWidth(value) - 3));
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text>/ </Text>
      {isEditing ? (
        // Pasted control characters must not reach the terminal through the echo.
        <TextInput value={value} onChange={(text) => onChange(sanitizeText(text))} onSubmit={onAccept} />
      ) : (
        <Text bold>{value}</Text>
      )}
      <Text dimColor>{note}</Text>
    </Box>
  );
});
