import type { DOMElement } from 'ink';
import { useServices } from './app-services.js';

/**
 * Pictures drawn by the terminal itself (the kitty graphics protocol) over cells Ink leaves blank: Ink owns
 * the screen, so the terminal subsystem (src/terminal/picture-layer.ts) writes a picture after the frame
 * that holds its element, at the place Ink's layout gives it, and again only when it changes, moves or its
 * cells were written over; and deletes it when it goes. Without a terminal there are none (null).
 */
export interface TerminalPicture {
  /** PNG bytes; the terminal fits them to the cells. */
  png: Buffer;
  columns: number;
  rows: number;
}

export interface TerminalPictures {
  /** Shows `picture` over the cells where Ink lays `element` out, until `hide` or another picture. */
  show(element: DOMElement, picture: TerminalPicture): void;
  hide(element: DOMElement): void;
}

export function useTerminalPictures(): TerminalPictures | null {
  return useServices().terminalPictures;
}
