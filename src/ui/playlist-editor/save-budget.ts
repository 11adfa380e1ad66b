import { createContext } from 'react';

/**
 * Reorder requests per 30 s a save starts at (save-pace.ts), or undefined for the cautious default. The
 * embedded service has no rate limit, so the dashboard on it starts fast; any pace slows down after a 429.
 */
export const SaveBudgetContext = createContext<number | undefined>(undefined);

/** The start budget on the embedded service: 100 requests a second, so a 143-request save takes moments. */
export const UNLIMITED_SAVE_BUDGET = 3_000;
