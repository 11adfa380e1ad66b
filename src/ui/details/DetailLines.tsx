import { Box, Text } from 'ink';
import { sanitizeText, truncateToWidth } from '../sanitize.js';
import { stripHtml } from '../format.js';

const LABEL_WIDTH = 11;

export interface FieldProps {
  label: string;
  /** Text from the service: sanitised and cut to the line here. */
  value: string;
  /** Columns of the line, label included. */
  width: number;
}

/**
 * One line that keeps its row when the pane is too short for all of them: the pane cuts what does not fit,
 * where a Text left to shrink would get no row and be drawn over the line before.
 */
function Line({ children }: { children: React.ReactNode }) {
  return <Box flexShrink={0}>{children}</Box>;
}

/** `Label      value` on one line. */
export function Field({ label, value, width }: FieldProps) {
  return (
    <Line>
      <Text wrap="truncate">
        <Text dimColor>{label.padEnd(LABEL_WIDTH)}</Text>
        {truncateToWidth(sanitizeText(value), Math.max(0, width - LABEL_WIDTH))}
      </Text>
    </Line>
  );
}

export interface TitleProps {
  text: string;
  width: number;
}

/** The item's name, bold, on one line. */
export function Title({ text, width }: TitleProps) {
  return (
    <Line>
      <Text bold wrap="truncate">
        {truncateToWidth(sanitizeText(text), width)}
      </Text>
    </Line>
  );
}

export interface DescriptionProps {
  /** The HTML description when there is one (tags stripped, entities decoded), else the plain one. */
  html: string;
  plain: string;
  /** Rows it may take, the blank line above it included; the rest of the text is cut. */
  rows: number;
}

/** A description wrapped to the pane and clipped to the rows left. */
export function Description({ html, plain, rows }: DescriptionProps) {
  const text = sanitizeText(html.trim() === '' ? plain : stripHtml(html));
  if (text === '' || rows < 2) return null;
  return (
    // Rows cut only: wrapped to the width already, and a horizontal clip makes Ink slice every line each frame.
    <Box marginTop={1} height={rows - 1} overflowY="hidden">
      <Text wrap="wrap">{text}</Text>
    </Box>
  );
}
