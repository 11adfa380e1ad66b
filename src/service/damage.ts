import { ServiceError } from './errors.js';
import { isDamageError, type Database } from './store/db.js';

/**
 * A database file found damaged while it is served (a read that met a broken page, or the background integrity
 * check): from then on the service writes nothing more to it, so nothing gets worse, and answers every request
 * that would use it with one line naming the file and the way forward.
 */
export class DatabaseDamage {
  /** The one line, once the file was found damaged; null while it is not known to be. */
  line: string | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: (line: string) => void,
  ) {}

  /** Records the damage (the first report wins: the ones after are the same news) and stops every write. */
  report(detail: string): void {
    if (this.line !== null) return;
    this.line = damagedLine(this.db.name);
    // Whatever still tries (a timer, a route that answers on a damaged file) fails instead of writing.
    this.db.pragma('query_only = 1');
    this.log(`playdeck service: ${this.line} (${detail})`);
  }

  /** The answer to a request, naming the file only to a caller with a token (the OAuth endpoints take none). */
  refusal(hasToken: boolean): ServiceError {
    const message = hasToken ? (this.line ?? damagedLine(this.db.name)) : UNNAMED;
    return new ServiceError(503, message, undefined, { 'retry-after': RETRY_AFTER_SECONDS });
  }

  /**
   * What a failed request answers instead of its error, or null: a damaged page met now is reported, and once
   * the file is known damaged every SQLite error (a write refused by query_only included) is the refusal.
   */
  explain(error: unknown, hasToken: boolean): ServiceError | null {
    if (isDamageError(error)) this.report(error instanceof Error ? error.message : String(error));
    return this.line !== null && isSqliteError(error) ? this.refusal(hasToken) : null;
  }
}

export function damagedLine(path: string): string {
  // The way forward before the reassurance: a narrow status line cuts the end.
  return `${path} is damaged: start again with --db ANOTHER_PATH, or move it (and its -wal file) aside for a fresh one; nothing more is written to it`;
}

const UNNAMED = "The service's database is damaged: nothing more is written to it (its log names the file)";

/**
 * The refusal lasts until the service starts again on another file: clients that honour Retry-After (ours waits
 * at most 60 s) fail at once, so the line reaches the user now rather than after a round of retries.
 */
const RETRY_AFTER_SECONDS = '3600';

const isSqliteError = (error: unknown): boolean => String((error as { code?: unknown } | null)?.code).startsWith('SQLITE_');
