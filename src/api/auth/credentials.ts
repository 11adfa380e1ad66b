/**
 * The credentials file: one stored login per base URL in `$XDG_CONFIG_HOME/playdeck/credentials.json`
 * (default `~/.config/playdeck/`), mode 0600 in a 0700 folder, replaced atomically (temp file + rename, the
 * folder flushed after) so a crash or a concurrent reader never sees half a file. A change is a read, a
 * change and a write under a lock file (`credentials.json.lock`, created exclusively), so that two
 * playdecks saving at once (a login, a refresh) never lose each other's entry. Tokens are secrets: nothing
 * here prints them.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

export interface StoredLogin {
  clientId: string;
  /** Where refresh requests go. */
  tokenUrl: string;
  accessToken: string;
  /** Null when the service gave none: the login ends when the access token does. */
  refreshToken: string | null;
  /** Space-separated scopes the service granted. */
  scope: string;
  /** Epoch ms when the access token was received. */
  obtainedAt: number;
  /** Epoch ms when the access token stops working. */
  expiresAt: number;
  user: { id: string; displayName: string } | null;
}

export class CredentialsError extends Error {
  override readonly name = 'CredentialsError';
}

const FILE_VERSION = 1;

/** A lock held longer than this was left by a process that died holding it: a change takes milliseconds. */
export const STALE_LOCK_MS = 10_000;
/** How long a change waits for another process's before giving up with a CredentialsError. */
const LOCK_WAIT_MS = 5_000;
const LOCK_RETRY_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `$XDG_CONFIG_HOME/playdeck/credentials.json`; a relative XDG_CONFIG_HOME is ignored, as the spec says. */
export function defaultCredentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.XDG_CONFIG_HOME;
  const configHome = configured && isAbsolute(configured) ? configured : join(homedir(), '.config');
  return join(configHome, 'playdeck', 'credentials.json');
}

/** The key of a base URL: `http://host:port/v1/` and `http://HOST:port/v1` name the same service. */
export function loginKey(baseUrl: string): string {
  return new URL(baseUrl).href.replace(/\/+$/, '');
}

interface DiskLogin {
  client_id: string;
  token_url: string;
  access_token: string;
  refresh_token: string | null;
  scope: string;
  obtained_at: number;
  expires_at: number;
  user: { id: string; display_name: string } | null;
}

function toDisk(login: StoredLogin): DiskLogin {
  return {
    client_id: login.clientId,
    token_url: login.tokenUrl,
    access_token: login.accessToken,
    refresh_token: login.refreshToken,
    scope: login.scope,
    obtained_at: login.obtainedAt,
    expires_at: login.expiresAt,
    user: login.user && { id: login.user.id, display_name: login.user.displayName },
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A stored entry, or null when it is not one this version can use (then the user logs in again). */
function fromDisk(value: unknown): StoredLogin | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Partial<Record<keyof DiskLogin, unknown>>;
  const { client_id, token_url, access_token, refresh_token, scope, obtained_at, expires_at } = entry;
  if (!isString(client_id) || !isString(token_url) || !isString(access_token) || !isString(scope)) return null;
  if (!(refresh_token === null || isString(refresh_token)) || !isTime(obtained_at) || !isTime(expires_at)) return null;
  const user = entry.user as { id?: unknown; display_name?: unknown } | null | undefined;
  const hasUser = typeof user === 'object' && user !== null && isString(user.id) && isString(user.display_name);
  return {
    clientId: client_id,
    tokenUrl: token_url,
    accessToken: access_token,
    refreshToken: refresh_token,
    scope,
    obtainedAt: obtained_at,
    expiresAt: expires_at,
    user: hasUser ? { id: user.id as string, displayName: user.display_name as string } : null,
  };
}

export class CredentialsFile {
  constructor(readonly path: string = defaultCredentialsPath()) {}

  /** The login stored for `baseUrl`, or null. Throws `CredentialsError` when the file cannot be read. */
  async read(baseUrl: string): Promise<StoredLogin | null> {
    const entries = await this.load({ tolerateDamage: false });
    return fromDisk(entries.get(loginKey(baseUrl)));
  }

  /** Stores (or replaces) the login of `baseUrl`; other base URLs' entries are kept. */
  async save(baseUrl: string, login: StoredLogin): Promise<void> {
    await this.locked(async () => {
      // A damaged file is replaced: the login being saved is worth more than an unreadable one.
      const entries = await this.load({ tolerateDamage: true });
      entries.set(loginKey(baseUrl), toDisk(login));
      await this.write(entries);
    });
  }

  /** Forgets the login of `baseUrl`; resolves false when there was none. */
  async forget(baseUrl: string): Promise<boolean> {
    return this.locked(async () => {
      const entries = await this.load({ tolerateDamage: false });
      if (!entries.delete(loginKey(baseUrl))) return false;
      await this.write(entries);
      return true;
    });
  }

  /** `change` while holding the lock file; a lock older than STALE_LOCK_MS is taken over. */
  private async locked<T>(change: () => Promise<T>): Promise<T> {
    const lock = `${this.path}.lock`;
    await this.makeFolder();
    for (const giveUpAt = Date.now() + LOCK_WAIT_MS; ; ) {
      try {
        const handle = await open(lock, 'wx', 0o600);
        await handle.close();
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new CredentialsError(`Cannot lock ${this.path}: ${(error as Error).message}`);
      }
      const heldSince = await stat(lock).then((info) => info.mtimeMs, () => null);
      if (heldSince !== null && Date.now() - heldSince > STALE_LOCK_MS) {
        await unlink(lock).catch(() => undefined);
        continue;
      }
      if (Date.now() > giveUpAt) throw new CredentialsError(`Cannot change ${this.path}: another playdeck holds ${lock}`);
      await sleep(LOCK_RETRY_MS);
    }
    try {
      return await change();
    } finally {
      await unlink(lock).catch(() => undefined);
    }
  }

  private async makeFolder(): Promise<void> {
    const folder = dirname(this.path);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // The folder may predate us with looser permissions; it holds nothing but playdeck's own files.
    await chmod(folder, 0o700);
  }

  private async load(options: { tolerateDamage: boolean }): Promise<Map<string, unknown>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw new CredentialsError(`Cannot read ${this.path}: ${(error as Error).message}`);
    }
    let logins: unknown;
    try {
      logins = (JSON.parse(text) as { logins?: unknown }).logins;
    } catch {
      logins = undefined;
    }
    if (typeof logins !== 'object' || logins === null || Array.isArray(logins)) {
      if (options.tolerateDamage) return new Map();
      throw new CredentialsError(`Cannot read ${this.path}: not a playdeck credentials file (run \`playdeck login\` to replace it)`);
    }
    return new Map(Object.entries(logins));
  }

  private async write(entries: Map<string, unknown>): Promise<void> {
    const body = `${JSON.stringify({ version: FILE_VERSION, logins: Object.fromEntries(entries) }, null, 2)}\n`;
    const temporary = `${this.path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, 'wx', 0o600);
    try {
      try {
        await handle.chmod(0o600); // exactly 0600 whatever the umask
        await handle.writeFile(body, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    // The rename is a change of the folder: flushed too, or a power cut could bring back the old file.
    const folder = await open(dirname(this.path), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }
}
