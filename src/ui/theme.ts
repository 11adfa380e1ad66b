import { createContext, useContext } from 'react';

/**
 * The dashboard's colours. Under NO_COLOR (https://no-color.org: set and not empty) every colour is
 * undefined and only text styles remain (bold, dim, inverse), so nothing depends on colour to be read:
 * focus shows in the border's line weight too, refusals and errors in their words.
 */
export interface Theme {
  isColorEnabled: boolean;
  /** The focused pane's border, the progress bar's fill. */
  accent: string | undefined;
  error: string | undefined;
  warning: string | undefined;
  success: string | undefined;
}

const COLORS: Theme = { isColorEnabled: true, accent: 'cyan', error: 'red', warning: 'yellow', success: 'green' };
const NO_COLORS: Theme = {
  isColorEnabled: false,
  accent: undefined,
  error: undefined,
  warning: undefined,
  success: undefined,
};

export function themeFromEnv(env: Record<string, string | undefined>): Theme {
  const noColor = env['NO_COLOR'];
  return noColor !== undefined && noColor !== '' ? NO_COLORS : COLORS;
}

export const ThemeContext = createContext<Theme>(COLORS);

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
