import { createContext, createElement, useContext, useMemo, useReducer, type Dispatch, type ReactNode } from 'react';
import { overlayReducer, type Overlay, type OverlayAction } from './overlay-state.js';

export interface OverlayStore {
  /** The overlay drawn over the library, or null. */
  open: Overlay | null;
  dispatch: Dispatch<OverlayAction>;
}

const CLOSED: OverlayStore = { open: null, dispatch: () => {} };

const OverlayContext = createContext<OverlayStore>(CLOSED);

/** The dashboard's one overlay value, changed by overlay-state.ts's one rule, for all that draws beside it. */
export function OverlayProvider({ children }: { children: ReactNode }) {
  const [open, dispatch] = useReducer(overlayReducer, null);
  const store = useMemo(() => ({ open, dispatch }), [open]);
  return createElement(OverlayContext.Provider, { value: store }, children);
}

/** The overlay open in this dashboard (none outside one: a pane drawn alone). */
export const useOverlay = (): OverlayStore => useContext(OverlayContext);
