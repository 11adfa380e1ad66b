import { useMemo, useRef } from 'react';

export interface StatusLine {
  /** Load errors; null once pages load again. */
  showLoad(message: string | null): void;
  /** Moves and saves. */
  showEdit(message: string | null): void;
}

/**
 * The pane's one status line, fed by page loading and by reordering: the latest message shows, and when
 * one side clears its message the other side's shows again (a page loading again must not wipe "unsaved").
 */
export function useStatusLine(onStatus: (message: string | null) => void): StatusLine {
  const report = useRef(onStatus);
  report.current = onStatus;
  return useMemo(() => {
    const messages = { load: null as string | null, edit: null as string | null };
    let latest: 'load' | 'edit' = 'edit';
    const show = (side: 'load' | 'edit', message: string | null): void => {
      messages[side] = message;
      if (message !== null) latest = side;
      report.current(messages[latest] ?? messages[latest === 'load' ? 'edit' : 'load']);
    };
    return { showLoad: (message) => show('load', message), showEdit: (message) => show('edit', message) };
  }, []);
}
