import { useServices } from './app-services.js';

/**
 * Where the dashboard writes what went wrong but needs no more than a line in the log file (a picture that
 * cannot be drawn): the screen is the dashboard's alone. Nowhere unless told (tests, a pipe).
 */
export type LogLine = (line: string) => void;

export function useLog(): LogLine {
  return useServices().log;
}
