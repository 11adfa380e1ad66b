import type { DOMElement } from 'ink';
import { useServices } from './app-services.js';

/**
 * Lines that change with time alone (the clock and its bar), drawn onto the terminal between Ink's frames:
 * a tick then costs a few bytes, not a React render and an Ink frame of the whole screen. The terminal
 * subsystem provides them (src/terminal/live-layer.ts) and finds where Ink laid each element out; where none
 * does (output to a pipe, a component tested on its own), components render the same text themselves.
 */
export interface LiveLines {
  /** Shows `text` (exactly as wide as `element`) where Ink lays `element` out, in every frame until `hide`. */
  show(element: DOMElement, text: string): void;
  hide(element: DOMElement): void;
}

export function useLiveLines(): LiveLines | null {
  return useServices().liveLines;
}
