import { createContext } from 'react';
import type { ArtMode } from './mode.js';

/** How covers are drawn here, decided once from the setting and the terminal (mode.ts); off unless told. */
export const ArtModeContext = createContext<ArtMode>({ kind: 'off' });
