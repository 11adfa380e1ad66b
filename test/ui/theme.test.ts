import { describe, expect, it } from 'vitest';
import { themeFromEnv } from '../../src/ui/theme.js';

describe('themeFromEnv', () => {
  it('has colours by default', () => {
    const theme = themeFromEnv({});
    expect(theme.isColorEnabled).toBe(true);
    expect([theme.accent, theme.error, theme.warning, theme.success].every((color) => typeof color === 'string')).toBe(true);
  });

  it('has none when NO_COLOR is set to anything but the empty string', () => {
    for (const value of ['1', 'true', '0']) {
      expect(themeFromEnv({ NO_COLOR: value })).toEqual({
        isColorEnabled: false, accent: undefined, error: undefined, warning: undefined, success: undefined,
      });
    }
    expect(themeFromEnv({ NO_COLOR: '' }).isColorEnabled).toBe(true);
  });
});
