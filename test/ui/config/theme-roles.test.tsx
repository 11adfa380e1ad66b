import chalk from 'chalk';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pane } from '../../../src/ui/components/Pane.js';
import { ListWindow } from '../../../src/ui/list/ListWindow.js';
import { clockLine } from '../../../src/ui/components/clock-line.js';
import { ServicesProvider } from '../../../src/ui/context/app-services.js';
import { resolveTheme, THEMES, type Theme } from '../../../src/ui/context/theme.js';
import { computeLayout } from '../../../src/ui/layout.js';
import { DEFAULT_SETTINGS } from '../../../src/config/settings.js';

/** The roles a config's theme sets, in the frames: borders, the cursor row, the progress bar; the default as before. */

const level = chalk.level;
afterEach(() => {
  chalk.level = level;
});

function frameOf(theme: Theme, node: ReactElement): string {
  const app = render(<ServicesProvider services={{ theme }}>{node}</ServicesProvider>);
  const frame = app.lastFrame() ?? '';
  app.unmount();
  return frame;
}

const list = (
  <ListWindow height={3} width={20} top={0} length={3} cursor={1} isFocused rowText={(index) => `row ${index}`} />
);

describe('theme roles in frames', () => {
  it('colours the borders of panes without the focus with the border role, dim without one', () => {
    chalk.level = 3;
    const pane = <Pane title="Lists" isFocused={false} width={20} height={3} />;
    expect(frameOf(THEMES.default, pane)).toContain('\u001B[2m╭');
    const bordered = resolveTheme({ ...DEFAULT_SETTINGS.theme, name: 'default', border: 'ansi256(240)' }, {});
    expect(frameOf(bordered, pane)).toContain('\u001B[38;5;240m╭');
    expect(frameOf(bordered, pane)).not.toContain('\u001B[2m╭');
  });

  it('draws the cursor row inverse by default and on the selection colour when set', () => {
    chalk.level = 3;
    expect(frameOf(THEMES.default, list)).toContain('\u001B[7m› row 1');
    const selected = resolveTheme({ ...DEFAULT_SETTINGS.theme, name: 'default', selection: 'blue' }, {});
    const frame = frameOf(selected, list);
    expect(frame).toContain('\u001B[44m› row 1');
    expect(frame).not.toContain('\u001B[7m');
  });

  it("fills the clock's bar in the progress colour, the accent's by default", () => {
    chalk.level = 3;
    const snapshot = { progressMs: 30_000, durationMs: 60_000, isPlaying: false, receivedAt: 0 };
    expect(clockLine(snapshot, 0, 30, THEMES.default)).toContain('\u001B[36m━');
    const line = clockLine(snapshot, 0, 30, resolveTheme({ ...DEFAULT_SETTINGS.theme, name: 'default', progress: '#ff8800', muted: 'gray' }, {}));
    expect(line).toContain('\u001B[38;2;255;136;0m━');
    expect(line).toContain('\u001B[90m─');
  });
});

describe('layout settings', () => {
  it('keeps the default split and takes the share or no details from the config', () => {
    expect(computeLayout(120, 40).library.width).toBe(66);
    expect(computeLayout(120, 40, { details: true, details_share: 0.3 }).details.width).toBe(36);
    const without = computeLayout(120, 40, { ...DEFAULT_SETTINGS.layout, details: false });
    expect([without.library.width, without.details.width]).toEqual([120, 0]);
  });
});
