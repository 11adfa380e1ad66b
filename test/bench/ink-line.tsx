import { render, Text, useApp, useInput } from 'ink';
import { FLOOR_LINE } from './ink-line-text.js';

/**
 * The floor of an Ink app in a terminal: one line of text, nothing else, `q` quits. It reads the keyboard as
 * the dashboard does (raw mode), which is also what keeps it running. The bench bundles it the way the program
 * is bundled, with stock Ink (none of our replaced Ink files), and measures its start, RSS and idle CPU.
 */

function Line() {
  const { exit } = useApp();
  useInput((input) => {
    if (input === 'q') exit();
  });
  return <Text>{FLOOR_LINE}</Text>;
}

render(<Line />, { patchConsole: false });
