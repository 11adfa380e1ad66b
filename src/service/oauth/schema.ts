import type { Migration } from '../store/migration.js';

/** The public client the `playdeck login` command uses by default. */
export const DEMO_CLIENT_ID = 'playdeck-demo';

/**
 * OAuth clients, authorization codes and refresh tokens. Codes and refresh tokens are kept only as their
 * sha256, like access tokens. A client with no secret is public (PKCE is its proof).
 */
export const oauthMigration: Migration = (db) => {
  db.exec(`
    CREATE TABLE oauth_clients (
      client_id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      secret_hash TEXT
    );
    CREATE TABLE oauth_codes (
      code_hash TEXT PRIMARY KEY,
      client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
      user_id TEXT NOT NULL REFERENCES users(id),
      redirect_uri TEXT NOT NULL,
      scopes TEXT NOT NULL,
      code_challenge TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE TABLE oauth_refresh_tokens (
      token_hash TEXT PRIMARY KEY,
      client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
      user_id TEXT NOT NULL REFERENCES users(id),
      scopes TEXT NOT NULL
    );
  `);
  db.prepare('INSERT INTO oauth_clients (client_id, name, secret_hash) VALUES (?, ?, NULL)').run(DEMO_CLIENT_ID, 'playdeck');
};

/**
 * Everything OAuth keeps expires and is purged: refresh tokens get a lifetime (those issued before this
 * migration count from it), and each kind of row an index on its expiry, so a purge finds its batch at once.
 */
export const oauthExpiryMigration: Migration = (db) => {
  db.exec(`
    ALTER TABLE oauth_refresh_tokens ADD COLUMN expires_at INTEGER;
    CREATE INDEX oauth_refresh_tokens_by_expiry ON oauth_refresh_tokens(expires_at);
    CREATE INDEX oauth_codes_by_expiry ON oauth_codes(expires_at);
    CREATE INDEX tokens_by_expiry ON tokens(expires_at);
    CREATE INDEX tokens_by_client ON tokens(client_id);
  `);
  db.prepare('UPDATE oauth_refresh_tokens SET expires_at = ?').run(Date.now() + REFRESH_TOKEN_TTL_MS);
};

/** A refresh token unused this long stops working (each refresh rotates it, so a client in use never sees this). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
