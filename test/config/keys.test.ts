import { describe, expect, it } from 'vitest';
import { keyLabel, keySpelling, parseKey } from '../../src/keys/names.js';

describe('parseKey', () => {
  it.each([
    ['q', 'q'], ['K', 'K'], ['?', '?'], [' ', 'space'], ['Space', 'space'], ['Ctrl+R', 'ctrl+r'], ['ctrl+r', 'ctrl+r'],
    ['Control + c', 'ctrl+c'], ['Shift+↑', 'shift+up'], ['Shift+Up', 'shift+up'], ['shift+down', 'shift+down'],
    ['Shift+Tab', 'shift+tab'], ['Shift+k', 'K'], ['PgDn', 'pagedown'], ['PageUp', 'pageup'], ['Enter', 'enter'],
    ['Return', 'enter'], ['Esc', 'escape'], ['Escape', 'escape'], ['Tab', 'tab'], ['↓', 'down'], ['Left', 'left'],
    ['Home', 'home'], ['End', 'end'], ['Del', 'delete'], ['é', 'é'], ['+', '+'],
  ])('reads %j as %j', (written, name) => {
    expect(parseKey(written)).toEqual({ key: name });
  });

  it.each([
    ['', 'is not a key'], ['gg', 'is not a key'], ['Ctrl', 'is not a key'], ['\u0007', 'is not a key that can be typed'],
    ['Alt+x', 'Alt or Meta'], ['Meta+x', 'Alt or Meta'], ['Ctrl+Shift+x', 'two modifiers'], ['Ctrl+Up', 'Ctrl goes with a letter'],
    ['Ctrl+1', 'Ctrl goes with a letter'], ['Ctrl+I', 'same key as Tab'], ['Ctrl+M', 'same key as Enter'],
    ['Ctrl+J', 'same key as Enter'], ['Ctrl+H', 'same key as Backspace'], ['Shift+Enter', 'Shift goes with'],
    ['Shift+Space', 'Shift goes with'], ['Shift+1', 'Shift goes with'],
  ])('refuses %j, saying why', (written, why) => {
    const parsed = parseKey(written);
    expect('error' in parsed && parsed.error).toContain(why);
  });
});

describe('keyLabel and keySpelling', () => {
  it('label keys as the help shows them', () => {
    expect(['ctrl+r', 'shift+up', 'pagedown', 'pageup', 'escape', 'space', 'K', 'left'].map(keyLabel)).toEqual([
      'Ctrl+R', 'Shift+↑', 'PgDn', 'PgUp', 'Esc', 'Space', 'K', '←',
    ]);
  });

  it('spell every named key so that parseKey reads it back', () => {
    const names = ['ctrl+c', 'shift+tab', 'shift+up', 'up', 'down', 'left', 'right', 'pageup', 'pagedown', 'home', 'end',
      'enter', 'escape', 'tab', 'space', 'backspace', 'delete', 'K', '/'];
    for (const name of names) expect(parseKey(keySpelling(name))).toEqual({ key: name });
    for (const name of names) expect(parseKey(keyLabel(name))).toEqual({ key: name });
  });
});
