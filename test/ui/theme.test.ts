import chalk from 'chalk';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { checkConfigText } from '../../src/config/check.js';
import { Pane } from '../../src/ui/components/Pane.js';
import { ServicesProvider } from '../../src/ui/context/app-services.js';
import { paint, resolveTheme, themeFromEnv, THEMES, type Theme } from '../../src/ui/context/theme.js';

const level = chalk.level;
afterEach(() => {
  chalk.level = level;
});

describe('themeFromEnv', () => {
  it('has colours by default, the same as before themes came', () => {
    const theme = themeFromEnv({});
    expect(theme.isColorEnabled).toBe(true);
    expect(theme).toMatchObject({ accent: 'cyan', error: 'red', warning: 'yellow', success: 'green', progress: 'cyan' });
    // Roles that were plain styles stay plain: dim text and borders, an inverse cursor row.
    expect([theme.muted, theme.border, theme.selection]).toEqual([undefined, undefined, undefined]);
  });

  it('has none when NO_COLOR is set to anything but the empty string', () => {
    for (const value of ['1', 'true', '0']) {
      const theme = themeFromEnv({ NO_COLOR: value });
      expect(theme).toBe(THEMES.none);
      expect(theme.isColorEnabled).toBe(false);
      expect(Object.entries(theme).filter(([role, colour]) => role !== 'isColorEnabled' && colour !== undefined)).toEqual([]);
    }
    expect(themeFromEnv({ NO_COLOR: '' }).isColorEnabled).toBe(true);
  });
});

describe('resolveTheme', () => {
  const settingsOf = (text: string) => {
    const { config, problems } = checkConfigText(text, 'config.toml');
    expect(problems).toEqual([]);
    return config.theme;
  };

  it('with no theme settings is the theme of the environment, as without a file', () => {
    expect(resolveTheme(settingsOf(''), {})).toBe(THEMES.default);
    expect(resolveTheme(settingsOf(''), { NO_COLOR: '1' })).toBe(THEMES.none);
  });

  it('takes a named theme over NO_COLOR, and applies role overrides', () => {
    expect(resolveTheme(settingsOf('[theme]\nname = "light"\n'), { NO_COLOR: '1' })).toBe(THEMES.light);
    const theme = resolveTheme(settingsOf('[theme]\nname = "high-contrast"\naccent = "#00ff00"\nborder = "none"\nselection = 24\n'), {});
    expect(theme).toMatchObject({ accent: '#00ff00', border: undefined, selection: 'ansi256(24)', error: THEMES['high-contrast'].error });
    expect(resolveTheme(settingsOf('[theme]\naccent = "magenta"\n'), { NO_COLOR: '1' })).toMatchObject({ isColorEnabled: true, accent: 'magenta', error: undefined });
  });

  it('keeps light readable on white: none of the colours a white background washes out', () => {
    const washedOut = ['yellow', 'cyan', 'white', 'yellowBright', 'cyanBright', 'whiteBright', 'greenBright'];
    for (const colour of Object.values(THEMES.light)) expect(washedOut).not.toContain(colour);
  });

  it('gives every built-in theme but none a colour for each coloured role', () => {
    for (const name of ['default', 'light', 'high-contrast'] as const) {
      for (const role of ['accent', 'error', 'warning', 'success', 'progress'] as const) expect(THEMES[name][role], `${name} ${role}`).toBeTypeOf('string');
    }
  });
});

describe('paint', () => {
  it('colours a line as Ink would, for every form a theme colour takes', () => {
    chalk.level = 3;
    expect(paint('━━', 'cyan')).toBe('\u001B[36m━━\u001B[39m');
    expect(paint('━━', 'ansi256(25)')).toBe('\u001B[38;5;25m━━\u001B[39m');
    expect(paint('━━', '#ff8800')).toBe('\u001B[38;2;255;136;0m━━\u001B[39m');
    expect(paint('━━', undefined)).toBe('━━');
    expect(paint('', 'cyan')).toBe('');
  });

  it('paints every built-in theme colour', () => {
    chalk.level = 3;
    for (const theme of Object.values(THEMES)) {
      for (const [role, colour] of Object.entries(theme)) {
        if (role === 'isColorEnabled' || colour === undefined) continue;
        expect(paint('x', colour as string), `${role} ${String(colour)}`).not.toBe('x');
      }
    }
  });
});

describe('a theme applied to a frame', () => {
  it('draws the focused border in the accent of the theme given', () => {
    chalk.level = 3;
    const frameIn = (theme: Theme): string => {
      const app = render(createElement(ServicesProvider, { services: { theme } }, createElement(Pane, { title: 'Lists', isFocused: true, width: 20, height: 3 })));
      const frame = app.lastFrame() ?? '';
      app.unmount();
      return frame;
    };
    expect(frameIn(THEMES.default)).toContain('\u001B[36m┏');
    expect(frameIn(THEMES.light)).toContain('\u001B[38;5;25m┏');
    expect(frameIn(THEMES['high-contrast'])).toContain('\u001B[93m┏');
    expect(frameIn(THEMES.none)).not.toMatch(/\u001B\[(3\d|9\d|38;)/);
  });
});
