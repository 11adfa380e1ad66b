import chalk from 'chalk';
import { renderToString } from 'ink';
import { afterEach, expect, it } from 'vitest';
import { ListWindow } from '../../../src/ui/list/ListWindow.js';

const level = chalk.level;
afterEach(() => {
  chalk.level = level;
});

it('draws a muted row dim, and the cursor row highlighted all the same', () => {
  chalk.level = 1; // as on a terminal: the test runner's output is not one
  const rows = ['one', 'lost.mp3  unavailable', 'three'];
  const draw = (cursor: number) =>
    renderToString(
      <ListWindow height={3} width={30} top={0} length={3} cursor={cursor} isFocused rowText={(index) => rows[index]!} rowMuted={(index) => index === 1} />,
    ).split('\n');
  const [first, muted] = draw(0);
  expect(muted).toContain('\u001b[2m');
  expect(first).not.toContain('\u001b[2m');
  expect(draw(1)[1]).toContain('\u001b[7m');
});
