import type { Key } from 'ink';
import { JUMP_DIGITS } from '../../keys/sections.js';

/**
 * Who has a key. Layers stack by priority; a key goes to the highest active layer first, and each layer
 * takes it (its handler returns true) or lets it through to the next. No React here: `use-key-layer.ts`
 * registers components as layers.
 *
 * The one rule that spans layers, counts: a layer that `takesCounts` (a playlist's items) reads digits
 * as a count for its next key (`20K`); the count goes to that key's handler and is dropped by any key
 * that is not a digit. A lone jump digit (`1` up to the number of sections) followed by nothing for
 * `COUNT_JUMP_MS` goes on, as typed, to the layers below (the global keys jump to that pane).
 */

export const KEY_LAYER = {
  /** A question that must be answered first (unsaved moves on quit). */
  prompt: 40,
  /** A text input: every key is text. */
  textInput: 30,
  /** Drawn over the panes (the help). */
  overlay: 20,
  /** The focused pane's keys. */
  pane: 10,
  /** Keys that work everywhere. */
  global: 0,
} as const;

/** Takes the key (true) or lets it through (false); `count` is the number typed before it (1 for none). */
export type KeyHandler = (input: string, key: Key, count: number) => boolean;

export interface KeyLayer {
  priority: number;
  isActive: boolean;
  handler: KeyHandler;
  /** Digits are counts here (see above). */
  takesCounts?: boolean;
  /** The count typed so far ('' for none), for showing it. */
  onCount?(count: string): void;
}

/** How long a lone jump digit waits for a key to count for before it goes on to the layers below. */
export const COUNT_JUMP_MS = 800;
/** Longer counts are ignored: every move clamps at the ends long before. */
const MAX_COUNT_DIGITS = 5;

const isDigit = (input: string, key: Key): boolean => /^[0-9]$/.test(input) && !key.ctrl && !key.meta;

export class KeyLayers {
  private readonly layers = new Set<KeyLayer>();
  private count = '';
  private counter: KeyLayer | null = null;
  private loneDigit: ReturnType<typeof setTimeout> | null = null;

  /** Adds a layer; the returned function removes it. The layer object is read afresh at every key. */
  add(layer: KeyLayer): () => void {
    this.layers.add(layer);
    return () => {
      this.layers.delete(layer);
      if (this.counter === layer) this.setCount(null, '');
    };
  }

  /** A key press: through the active layers, highest first, until one takes it. */
  press(input: string, key: Key): void {
    this.cancelLoneDigit();
    const typed = this.count;
    const count = typed === '' ? 1 : Number(typed);
    for (const layer of this.active()) {
      if (layer.takesCounts === true && isDigit(input, key)) return this.addDigit(layer, input, key);
      if (this.count !== '') this.setCount(null, '');
      if (layer.handler(input, key, count)) return;
    }
    if (this.count !== '') this.setCount(null, '');
  }

  /** The active layers, highest priority first; among equals, the first added. */
  private active(below = Number.POSITIVE_INFINITY): KeyLayer[] {
    return [...this.layers].filter((layer) => layer.isActive && layer.priority < below).sort((a, b) => b.priority - a.priority);
  }

  private addDigit(layer: KeyLayer, digit: string, key: Key): void {
    // A leading 0 counts nothing; digits past the cap are ignored.
    if ((digit === '0' && this.count === '') || this.count.length >= MAX_COUNT_DIGITS) return;
    this.setCount(layer, this.count + digit);
    if (!JUMP_DIGITS.has(this.count)) return;
    const timer = setTimeout(() => {
      // A cleared timer can still fire under fake timers: only the latest may act.
      if (this.loneDigit !== timer) return;
      this.loneDigit = null;
      this.setCount(null, '');
      for (const lower of this.active(layer.priority)) if (lower.handler(digit, key, 1)) return;
    }, COUNT_JUMP_MS);
    this.loneDigit = timer;
  }

  private cancelLoneDigit(): void {
    if (this.loneDigit === null) return;
    clearTimeout(this.loneDigit);
    this.loneDigit = null;
  }

  private setCount(layer: KeyLayer | null, count: string): void {
    const previous = this.counter;
    this.count = count;
    this.counter = layer;
    if (previous !== null && previous !== layer) previous.onCount?.('');
    layer?.onCount?.(count);
  }
}
