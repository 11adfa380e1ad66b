import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { PointerEvent } from './state/mouse-actions.js';

/**
 * What the terminal reports besides keys: mouse events (0-based cells) and its window's focus. The keyboard
 * reader (src/terminal/keyboard.ts) takes them out of the input and the program hands them in here, so the
 * UI needs nothing of the terminal subsystem (as with live-lines.ts).
 */
export interface TerminalEvents {
  onPointer(listener: (event: PointerEvent) => void): () => void;
  onFocus(listener: (isFocused: boolean) => void): () => void;
}

/** The events, and the functions that send them: what the program (or a test) gives the App. */
export interface TerminalEventSource extends TerminalEvents {
  pointer(event: PointerEvent): void;
  focus(isFocused: boolean): void;
}

export function createTerminalEvents(): TerminalEventSource {
  const pointers = new Set<(event: PointerEvent) => void>();
  const focuses = new Set<(isFocused: boolean) => void>();
  const subscribe = <T>(set: Set<T>, listener: T): (() => void) => {
    set.add(listener);
    return () => set.delete(listener);
  };
  return {
    onPointer: (listener) => subscribe(pointers, listener),
    onFocus: (listener) => subscribe(focuses, listener),
    pointer: (event) => pointers.forEach((listener) => listener(event)),
    focus: (isFocused) => focuses.forEach((listener) => listener(isFocused)),
  };
}

export const TerminalEventsContext = createContext<TerminalEvents | null>(null);

/** Calls `handler` (its latest version) with every mouse event. */
export function usePointer(handler: (event: PointerEvent) => void): void {
  const events = useContext(TerminalEventsContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => events?.onPointer((event) => latest.current(event)), [events]);
}

/** Whether the terminal's window has the focus; true until the terminal says otherwise (or never reports it). */
export function useTerminalFocus(): boolean {
  const events = useContext(TerminalEventsContext);
  const [isFocused, setFocused] = useState(true);
  useEffect(() => events?.onFocus(setFocused), [events]);
  return isFocused;
}
