import type { Key } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNT_JUMP_MS, KEY_LAYER, KeyLayers, type KeyLayer } from '../../../src/ui/keys/key-layers.js';
import { keyLabel, keyNames } from '../../../src/ui/keys/key-names.js';

const NO_KEY = {} as Key;

/** A layer that records what it saw and takes the keys in `takes`. */
function layer(name: string, priority: number, seen: string[], takes: string, extra: Partial<KeyLayer> = {}): KeyLayer {
  return {
    priority,
    isActive: true,
    handler: (input, _key, count) => {
      seen.push(`${name}:${input}${count === 1 ? '' : `×${count}`}`);
      return takes.includes(input);
    },
    ...extra,
  };
}

function press(layers: KeyLayers, keys: string): void {
  for (const input of keys) layers.press(input, NO_KEY);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('KeyLayers', () => {
  it('offers a key to the highest active layer first, and to the next only when it lets it through', () => {
    const layers = new KeyLayers();
    const seen: string[] = [];
    layers.add(layer('global', KEY_LAYER.global, seen, 'qn'));
    layers.add(layer('pane', KEY_LAYER.pane, seen, 'jk'));
    const removeInput = layers.add(layer('input', KEY_LAYER.textInput, seen, 'abcdefghijklmnopqrstuvwxyz', { isActive: false }));
    press(layers, 'jn');
    expect(seen).toEqual(['pane:j', 'pane:n', 'global:n']);
    seen.length = 0;
    removeInput();
    layers.add(layer('input', KEY_LAYER.textInput, seen, 'abcdefghijklmnopqrstuvwxyz'));
    press(layers, 'jn');
    expect(seen).toEqual(['input:j', 'input:n']);
  });

  it('reads digits as a count for the next key of a counting layer, which any other key drops', () => {
    const layers = new KeyLayers();
    const seen: string[] = [];
    const counts: string[] = [];
    layers.add(layer('global', KEY_LAYER.global, seen, 'n'));
    layers.add(layer('items', KEY_LAYER.pane, seen, 'J', { takesCounts: true, onCount: (count) => counts.push(count) }));
    press(layers, '20J' + 'J' + '5nJ');
    expect(seen).toEqual(['items:J×20', 'items:J', 'items:n×5', 'global:n×5', 'items:J']);
    expect(counts).toEqual(['2', '20', '', '5', '']);
  });

  it('ignores a leading zero and digits past five', () => {
    const layers = new KeyLayers();
    const seen: string[] = [];
    layers.add(layer('items', KEY_LAYER.pane, seen, 'J', { takesCounts: true }));
    press(layers, '0J' + '1023456789J');
    expect(seen).toEqual(['items:J', 'items:J×10234']);
  });

  it('sends a lone 1–4 on to the layers below once no key followed it for a moment', () => {
    vi.useFakeTimers();
    const layers = new KeyLayers();
    const seen: string[] = [];
    layers.add(layer('global', KEY_LAYER.global, seen, '1234'));
    layers.add(layer('items', KEY_LAYER.pane, seen, 'j', { takesCounts: true }));
    press(layers, '3j');
    vi.advanceTimersByTime(COUNT_JUMP_MS * 2);
    expect(seen).toEqual(['items:j×3']);
    press(layers, '3');
    vi.advanceTimersByTime(COUNT_JUMP_MS - 1);
    expect(seen).toEqual(['items:j×3']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['items:j×3', 'global:3']);
    press(layers, '12');
    vi.advanceTimersByTime(COUNT_JUMP_MS * 2);
    expect(seen).toEqual(['items:j×3', 'global:3']);
  });
});

describe('key names', () => {
  const key = (flags: Partial<Key>): Key => ({ ...NO_KEY, ...flags });

  it('names a press most specific first, and labels names as the help shows them', () => {
    expect(keyNames('', key({ upArrow: true, shift: true }))).toEqual(['shift+up', 'up']);
    expect(keyNames('r', key({ ctrl: true }))).toEqual(['ctrl+r']);
    expect(keyNames('K', key({ shift: true }))).toEqual(['K']);
    expect(keyNames(' ', key({}))).toEqual(['space']);
    expect(['ctrl+c', 'shift+up', 'pagedown', 'escape', 'g'].map(keyLabel)).toEqual(['Ctrl+C', 'Shift+↑', 'PgDn', 'Esc', 'g']);
  });
});
