import type { Database, Statement } from 'better-sqlite3';
import type { Versions } from '../render/cache.js';

/** The spec's resume point, plus when the user last played the item (our addition, for "continue listening"). */
export interface ResumePoint {
  fully_played: boolean;
  resume_position_ms: number;
  /** ISO 8601; absent when never played or seeded before plays were dated. */
  last_played_at?: string;
}

interface ResumeRow {
  fully_played: number;
  resume_position_ms: number;
  played_at: number | null;
}

const NOT_STARTED: ResumePoint = Object.freeze({ fully_played: false, resume_position_ms: 0 });

/**
 * Each user's place in episodes and chapters. Every write bumps the `resume` version, so no cached body
 * shows an old resume point.
 */
export class ResumeStore {
  private readonly select: Statement;
  private readonly upsert: Statement;

  constructor(
    db: Database,
    private readonly versions: Versions,
  ) {
    this.select = db.prepare('SELECT fully_played, resume_position_ms, played_at FROM resume_points WHERE user_id = ? AND item_id = ?');
    this.upsert = db.prepare(
      'INSERT INTO resume_points (user_id, item_id, fully_played, resume_position_ms, played_at) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT(user_id, item_id) DO UPDATE SET fully_played = excluded.fully_played, ' +
        'resume_position_ms = excluded.resume_position_ms, played_at = excluded.played_at',
    );
  }

  /** The user's place in an episode or chapter; not started when absent (or with no user). */
  get(userId: string | null, itemId: string): ResumePoint {
    const row = userId ? (this.select.get(userId, itemId) as ResumeRow | undefined) : undefined;
    if (!row) return NOT_STARTED;
    const point: ResumePoint = { fully_played: row.fully_played === 1, resume_position_ms: row.resume_position_ms };
    if (row.played_at !== null) point.last_played_at = new Date(row.played_at).toISOString();
    return point;
  }

  /** Records where the user is (`fullyPlayed`: reached the end, the position then 0) at `playedAt` (epoch ms). */
  set(userId: string, itemId: string, positionMs: number, fullyPlayed: boolean, playedAt: number): void {
    this.upsert.run(userId, itemId, fullyPlayed ? 1 : 0, fullyPlayed ? 0 : Math.max(0, Math.floor(positionMs)), playedAt);
    this.versions.bump('resume');
  }
}
