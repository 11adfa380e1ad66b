import { createContext, useContext } from 'react';

/**
 * Where the dashboard writes what went wrong but needs no more than a line in the log file (a picture that
 * cannot be drawn): the screen is the dashboard's alone. Nowhere unless told (tests, a pipe).
 */
export type LogLine = (line: string) => void;

const NOWHERE: LogLine = () => {};

export const LogContext = createContext<LogLine>(NOWHERE);

export function useLog(): LogLine {
  return useContext(LogContext);
}
