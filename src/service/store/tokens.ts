import { createHash, randomBytes } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';

/** Every scope the embedded service knows (decisions §2). */
export const ALL_SCOPES: readonly string[] = [
  'user-read-private',
  'user-read-email',
  'user-read-playback-state',
  'user-modify-playback-state',
  'user-read-playback-position',
  'user-library-read',
  'playlist-read-private',
  'playlist-modify-public',
  'playlist-modify-private',
  'user-library-modify',
  'user-follow-read',
  'user-follow-modify',
  'user-read-recently-played',
];

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;

export interface TokenGrant {
  /** The sha256 of the token: the only form of it the service keeps. */
  tokenHash: string;
  /** Null for a token that acts for no user (e.g. client credentials). */
  userId: string | null;
  scopes: ReadonlySet<string>;
  /** Epoch ms. */
  expiresAt: number;
}

/** The client id of the token a serving process writes for the dashboards that join it (instance-file.ts). */
export const JOIN_CLIENT_ID = 'playdeck-join';

/** At most this many expired rows go per purge: a purge never holds the database long. */
const PURGE_BATCH = 500;

export interface IssuedToken {
  token: string;
  /** Epoch ms. */
  expiresAt: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Access tokens, stored only as their sha256 and looked up by it. Grants are immutable, so a looked-up
 * grant is cached by hash (bounded) and only its expiry is checked again. Expired rows are purged a batch
 * at a time, on every issue and by the service's periodic purge, so the table holds about what is valid.
 */
export class TokenStore {
  private readonly cache = new Map<string, TokenGrant>();
  private readonly insert: Statement;
  private readonly select: Statement;
  private readonly purge: Statement;
  private readonly revokeClient: Statement;

  constructor(private readonly db: Database) {
    this.insert = db.prepare('INSERT INTO tokens (token_hash, user_id, scopes, expires_at, client_id) VALUES (?, ?, ?, ?, ?)');
    this.select = db.prepare('SELECT user_id, scopes, expires_at FROM tokens WHERE token_hash = ?');
    this.purge = db.prepare('DELETE FROM tokens WHERE rowid IN (SELECT rowid FROM tokens WHERE expires_at <= ? LIMIT ?)');
    this.revokeClient = db.prepare('DELETE FROM tokens WHERE client_id = ?');
  }

  issue(options: { userId: string | null; scopes?: readonly string[]; ttlSeconds?: number; clientId?: string; now?: number }): IssuedToken {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = (options.now ?? Date.now()) + (options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS) * 1000;
    const scopes = (options.scopes ?? ALL_SCOPES).join(' ');
    this.db.transaction(() => {
      this.purge.run(options.now ?? Date.now(), PURGE_BATCH);
      this.insert.run(hashToken(token), options.userId, scopes, expiresAt, options.clientId ?? null);
    }).immediate();
    return { token, expiresAt };
  }

  /** Deletes up to a batch of expired tokens; how many went. */
  purgeExpired(now: number): number {
    return this.purge.run(now, PURGE_BATCH).changes;
  }

  /** Every token issued to `clientId` stops working (the join token of an earlier start). */
  revokeIssuedTo(clientId: string): void {
    this.revokeClient.run(clientId);
    this.cache.clear();
  }

  /** The grant of a token, expired or not; null when the token was never issued. */
  lookup(token: string): TokenGrant | null {
    const hash = hashToken(token);
    let grant = this.cache.get(hash);
    if (!grant) {
      const row = this.select.get(hash) as { user_id: string | null; scopes: string; expires_at: number } | undefined;
      if (!row) return null;
      grant = { tokenHash: hash, userId: row.user_id, scopes: new Set(row.scopes.split(' ').filter(Boolean)), expiresAt: row.expires_at };
      if (this.cache.size >= 10_000) this.cache.clear();
      this.cache.set(hash, grant);
    }
    return grant;
  }
}
