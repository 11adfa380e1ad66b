import type { Database, Statement } from 'better-sqlite3';
import type { PlayerState } from '../player.js';
import type { Versions } from '../render/cache.js';

/**
 * Each user's player state, one JSON row per user, cached in memory (the service is the only writer);
 * `save` writes through.
 */
export class PlayerStore {
  private readonly cache = new Map<string, PlayerState | null>();
  private readonly listeners = new Set<(userId: string | null) => void>();
  private readonly select: Statement;
  private readonly upsert: Statement;
  private readonly users: Statement;

  constructor(
    db: Database,
    private readonly versions: Versions,
  ) {
    this.select = db.prepare('SELECT state FROM player_states WHERE user_id = ?');
    this.users = db.prepare('SELECT user_id FROM player_states');
    this.upsert = db.prepare(
      'INSERT INTO player_states (user_id, state) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET state = excluded.state',
    );
  }

  load(userId: string): PlayerState | null {
    if (this.cache.has(userId)) return this.cache.get(userId)!;
    const row = this.select.get(userId) as { state: string } | undefined;
    const state = row ? (JSON.parse(row.state) as PlayerState) : null;
    this.cache.set(userId, state);
    return state;
  }

  /** The users that have a player. */
  userIds(): string[] {
    return (this.users.all() as { user_id: string }[]).map((row) => row.user_id);
  }

  /** Reads every player from the file again: another process wrote them (a command run with no service). */
  forget(): void {
    this.cache.clear();
    this.versions.bump('player');
    for (const listener of this.listeners) listener(null);
  }

  save(userId: string, state: PlayerState): void {
    this.upsert.run(userId, JSON.stringify(state));
    this.cache.set(userId, state);
    this.versions.bump('player');
    for (const listener of this.listeners) listener(userId);
  }

  /** Hears the user of each player written once it is written (null: every player read again); returns the way to stop. */
  watch(listener: (userId: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
