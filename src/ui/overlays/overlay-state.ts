import type { SimplifiedPlaylist } from '../../api/types.js';

/**
 * Which overlay is drawn over the library: one value, none (null) or one of these. A new overlay is one
 * member here, its entry in OVERLAYS (the compiler asks for it) and its case in OverlayHost's switch (the
 * compiler asks for that too). No React here: the store's context is overlay-store.ts, the host OverlayHost.tsx.
 */
export type Overlay =
  | { kind: 'help' }
  | { kind: 'devices' }
  | { kind: 'search' }
  | { kind: 'goTo' }
  /** `A`'s picker: `label` names what is added, `recent` the playlists added to lately (ids), `onPick` adds it. */
  | { kind: 'playlistPicker'; label: string; recent: readonly string[]; onPick(playlist: SimplifiedPlaylist): void };

export type OverlayKind = Overlay['kind'];

export interface OverlaySpec {
  /** Takes the focus from Now playing while open (its frame unlit, the mouse's clicks ignored, the wheel its own). */
  takesFocus: boolean;
}

/** One entry per overlay. */
export const OVERLAYS: { readonly [K in OverlayKind]: OverlaySpec } = {
  help: { takesFocus: true },
  devices: { takesFocus: false },
  search: { takesFocus: false },
  goTo: { takesFocus: false },
  playlistPicker: { takesFocus: false },
};

export type OverlayAction =
  /** The key of an overlay: opens it, replacing the one open; on the one open, closes it. */
  | { type: 'open'; overlay: Overlay }
  /** Esc, or the overlay done: closes it, if `kind` is still the one open (a late answer closes nothing newer). */
  | { type: 'close'; kind: OverlayKind };

/** The one rule of opening and closing, for every overlay and every key that opens one. */
export function overlayReducer(open: Overlay | null, action: OverlayAction): Overlay | null {
  switch (action.type) {
    case 'open':
      return open?.kind === action.overlay.kind ? null : action.overlay;
    case 'close':
      return open?.kind === action.kind ? null : open;
  }
}
