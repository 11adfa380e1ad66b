import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { hashToken } from '../store/tokens.js';
import { REFRESH_TOKEN_TTL_MS } from './schema.js';

export interface OAuthClient {
  clientId: string;
  name: string;
  /** False for a public client (no secret; PKCE instead). */
  isConfidential: boolean;
}

/** What an authorization code or a refresh token stands for. */
export interface Grant {
  clientId: string;
  userId: string;
  scopes: string[];
}

export interface CodeGrant extends Grant {
  redirectUri: string;
  codeChallenge: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** Authorization codes live a minute (RFC 6749 §4.1.2 recommends at most ten). */
export const CODE_TTL_MS = 60_000;

/** At most this many expired rows of each kind go per purge. */
const PURGE_BATCH = 500;

const newSecret = () => randomBytes(32).toString('base64url');
const splitScopes = (scopes: string) => scopes.split(' ').filter(Boolean);

interface GrantRow {
  client_id: string;
  user_id: string;
  scopes: string;
}

/** Clients, single-use authorization codes and rotating refresh tokens; secrets stored as sha256 only. */
export class OAuthStore {
  private readonly selectClient: Statement;
  private readonly insertClient: Statement;
  private readonly insertCode: Statement;
  private readonly purgeCodes: Statement;
  private readonly takeCodeRow: Statement;
  private readonly insertRefresh: Statement;
  private readonly takeRefreshRow: Statement;
  private readonly purgeRefresh: Statement;

  constructor(private readonly db: Database) {
    this.selectClient = db.prepare('SELECT client_id, name, secret_hash FROM oauth_clients WHERE client_id = ?');
    this.insertClient = db.prepare('INSERT OR REPLACE INTO oauth_clients (client_id, name, secret_hash) VALUES (?, ?, ?)');
    this.insertCode = db.prepare(
      'INSERT INTO oauth_codes (code_hash, client_id, user_id, redirect_uri, scopes, code_challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.purgeCodes = db.prepare('DELETE FROM oauth_codes WHERE rowid IN (SELECT rowid FROM oauth_codes WHERE expires_at <= ? LIMIT ?)');
    // Deleting as it reads makes a code (or refresh token) usable once, even by two racing requests.
    this.takeCodeRow = db.prepare('DELETE FROM oauth_codes WHERE code_hash = ? RETURNING *');
    this.insertRefresh = db.prepare(
      'INSERT INTO oauth_refresh_tokens (token_hash, client_id, user_id, scopes, expires_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.takeRefreshRow = db.prepare('DELETE FROM oauth_refresh_tokens WHERE token_hash = ? RETURNING *');
    this.purgeRefresh = db.prepare(
      'DELETE FROM oauth_refresh_tokens WHERE rowid IN (SELECT rowid FROM oauth_refresh_tokens WHERE expires_at <= ? LIMIT ?)',
    );
  }

  client(clientId: string): OAuthClient | null {
    const row = this.selectClient.get(clientId) as { client_id: string; name: string; secret_hash: string | null } | undefined;
    return row ? { clientId: row.client_id, name: row.name, isConfidential: row.secret_hash !== null } : null;
  }

  /** True when `secret` is the client's secret (always false for a public client). */
  checkSecret(clientId: string, secret: string): boolean {
    const row = this.selectClient.get(clientId) as { secret_hash: string | null } | undefined;
    if (!row?.secret_hash) return false;
    return timingSafeEqual(Buffer.from(hashToken(secret)), Buffer.from(row.secret_hash));
  }

  /** Registers (or replaces) a client; a secret makes it confidential. */
  registerClient(client: { clientId: string; name: string; secret?: string }): void {
    this.insertClient.run(client.clientId, client.name, client.secret === undefined ? null : hashToken(client.secret));
  }

  issueCode(grant: Grant & { redirectUri: string; codeChallenge: string }, now: number): string {
    const code = newSecret();
    this.db.transaction(() => {
      this.purgeCodes.run(now, PURGE_BATCH);
      this.insertCode.run(hashToken(code), grant.clientId, grant.userId, grant.redirectUri, grant.scopes.join(' '), grant.codeChallenge, now + CODE_TTL_MS);
    }).immediate();
    return code;
  }

  /** The code's grant, removed so that it cannot be used again; null when unknown or already used. */
  takeCode(code: string): CodeGrant | null {
    const row = this.takeCodeRow.get(hashToken(code)) as (GrantRow & { redirect_uri: string; code_challenge: string; expires_at: number }) | undefined;
    if (!row) return null;
    return {
      clientId: row.client_id,
      userId: row.user_id,
      scopes: splitScopes(row.scopes),
      redirectUri: row.redirect_uri,
      codeChallenge: row.code_challenge,
      expiresAt: row.expires_at,
    };
  }

  issueRefreshToken(grant: Grant, now: number): string {
    const token = newSecret();
    this.purgeRefresh.run(now, PURGE_BATCH);
    this.insertRefresh.run(hashToken(token), grant.clientId, grant.userId, grant.scopes.join(' '), now + REFRESH_TOKEN_TTL_MS);
    return token;
  }

  /** The refresh token's grant, removed (rotation: the caller issues its successor); null when unknown or expired. */
  takeRefreshToken(token: string, now: number): Grant | null {
    const row = this.takeRefreshRow.get(hashToken(token)) as (GrantRow & { expires_at: number | null }) | undefined;
    if (!row || (row.expires_at !== null && row.expires_at <= now)) return null;
    return { clientId: row.client_id, userId: row.user_id, scopes: splitScopes(row.scopes) };
  }

  /** Deletes up to a batch each of the expired codes and refresh tokens; how many went. */
  purgeExpired(now: number): number {
    return this.purgeCodes.run(now, PURGE_BATCH).changes + this.purgeRefresh.run(now, PURGE_BATCH).changes;
  }

  /** Runs `work` in one transaction: a grant taken and its successors issued commit together or not at all. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }
}
