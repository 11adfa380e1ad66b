import type { Database, Statement } from 'better-sqlite3';
import type { Versions } from '../render/cache.js';

/** How many plays each user keeps: the real service answers the last 50 tracks. */
export const KEPT_PLAYS = 50;

export interface Play {
  trackId: string;
  /** Epoch ms. */
  playedAt: number;
  contextUri: string | null;
}

/**
 * The tracks each user played, newest first (GET /me/player/recently-played), as the player leaves them.
 * A write bumps the `player` version: the history moves with the player.
 */
export class HistoryStore {
  private readonly statements: Record<'insert' | 'trim' | 'before' | 'after', Statement>;

  constructor(
    db: Database,
    private readonly versions: Versions,
  ) {
    this.statements = {
      insert: db.prepare(
        'INSERT INTO play_history (user_id, played_at, track_id, context_uri) VALUES (@user_id, @played_at, @track_id, @context_uri) ' +
          'ON CONFLICT (user_id, played_at, track_id) DO NOTHING',
      ),
      trim: db.prepare(
        'DELETE FROM play_history WHERE user_id = @user_id AND played_at < ' +
          '(SELECT played_at FROM play_history WHERE user_id = @user_id ORDER BY played_at DESC LIMIT 1 OFFSET @kept)',
      ),
      before: db.prepare(
        'SELECT track_id AS trackId, played_at AS playedAt, context_uri AS contextUri FROM play_history ' +
          'WHERE user_id = ? AND played_at < ? ORDER BY played_at DESC, track_id LIMIT ?',
      ),
      // The plays right after the cursor: the oldest of them first here, newest first once reversed.
      after: db.prepare(
        'SELECT track_id AS trackId, played_at AS playedAt, context_uri AS contextUri FROM play_history ' +
          'WHERE user_id = ? AND played_at > ? ORDER BY played_at, track_id LIMIT ?',
      ),
    };
  }

  record(userId: string, play: Play): void {
    this.statements.insert.run({ user_id: userId, played_at: play.playedAt, track_id: play.trackId, context_uri: play.contextUri });
    this.statements.trim.run({ user_id: userId, kept: KEPT_PLAYS - 1 });
    this.versions.bump('player');
  }

  /** At most `limit` plays before `before` (epoch ms; all when null), newest first. */
  before(userId: string, before: number | null, limit: number): Play[] {
    return this.statements.before.all(userId, before ?? Number.MAX_SAFE_INTEGER, limit) as Play[];
  }

  /** The `limit` plays that followed `after`, newest first. */
  after(userId: string, after: number, limit: number): Play[] {
    return (this.statements.after.all(userId, after, limit) as Play[]).reverse();
  }
}
