import { useServices } from './app-services.js';
import type { LogLine } from './members.js';

export type { LogLine };

export function useLog(): LogLine {
  return useServices().log;
}
