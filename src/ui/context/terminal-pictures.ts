import { useServices } from './app-services.js';
import type { TerminalPicture, TerminalPictures } from './members.js';

export type { TerminalPicture, TerminalPictures };

export function useTerminalPictures(): TerminalPictures | null {
  return useServices().terminalPictures;
}
