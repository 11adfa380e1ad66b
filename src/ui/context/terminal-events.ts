import { useEffect, useRef, useState } from 'react';
import { useServices } from './app-services.js';
import type { Attention } from '../state/poll-pace.js';
import type { PointerEvent, TerminalEvents } from './members.js';

export type { PointerEvent, TerminalEvents };

/** The events, and the functions that send them: what the program (or a test) gives the App. */
export interface TerminalEventSource extends TerminalEvents {
  pointer(event: PointerEvent): void;
  focus(isFocused: boolean): void;
}

export function createTerminalEvents(): TerminalEventSource {
  const pointers = new Set<(event: PointerEvent) => void>();
  const focuses = new Set<(isFocused: boolean) => void>();
  let attention: Attention = 'unreported';
  const subscribe = <T>(set: Set<T>, listener: T): (() => void) => {
    set.add(listener);
    return () => set.delete(listener);
  };
  return {
    onPointer: (listener) => subscribe(pointers, listener),
    onFocus: (listener) => subscribe(focuses, listener),
    pointer: (event) => pointers.forEach((listener) => listener(event)),
    attention: () => attention,
    focus: (isFocused) => {
      attention = isFocused ? 'focused' : 'unfocused';
      focuses.forEach((listener) => listener(isFocused));
    },
  };
}

/** Calls `handler` (its latest version) with every mouse event. */
export function usePointer(handler: (event: PointerEvent) => void): void {
  const events = useServices().terminalEvents;
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => events?.onPointer((event) => latest.current(event)), [events]);
}

/** The terminal's focus as last reported ('unreported' until it reports one, and without terminal events). */
export function useAttention(): Attention {
  const events = useServices().terminalEvents;
  const [attention, setAttention] = useState<Attention>(() => events?.attention() ?? 'unreported');
  useEffect(() => {
    if (events === null) return;
    setAttention(events.attention()); // a report between the first render and this subscription
    return events.onFocus((isFocused) => setAttention(isFocused ? 'focused' : 'unfocused'));
  }, [events]);
  return attention;
}

/** Whether the terminal's window has the focus; true until the terminal says otherwise (or never reports it). */
export function useTerminalFocus(): boolean {
  return useAttention() !== 'unfocused';
}
