import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * One embedded service per database: the process serving a database names its address in a file beside it
 * (`playdeck.db.service`, owner-only), so a second dashboard on the same file joins that service instead of
 * opening its own copy of the playlists. The file also holds a secret of this start, which only the owner and
 * whoever can read the file know: the service proves it knows it (an HMAC of a fresh challenge) before anyone
 * sends it a token or believes an answer, so a program that took the port after the owner quit is told apart.
 * Only the process that wrote the file withdraws it; a later start replaces it only once the owner is proven
 * gone (instance-check.ts), never because it was slow to answer.
 */
export interface ServiceInstance extends ExpectedInstance {
  pid: number;
  origin: string;
  /** A long-lived token of the demo user, for the dashboards that join (revoked by the next start). */
  token: string;
}

/** What a client must find at the address: this start of the service, serving this file, knowing this secret. */
export interface ExpectedInstance {
  /** Random per start: tells this service from a later one on the same port. */
  instance: string;
  /** The database's real path. */
  database: string;
  /** Random per start, never sent: the service proves it knows it. */
  secret: string;
}

/** What the service's `/playdeck/instance` route answers: its instance and the proof for the challenge asked. */
export interface InstanceAnswer {
  instance: string;
  proof: string;
}

export const INSTANCE_PATH = '/playdeck/instance';
/** A challenge: 32 random bytes in base64url. */
export const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function instanceFilePath(database: string): string {
  return `${database}.service`;
}

export function newInstance(database: string): ExpectedInstance {
  return { instance: randomUUID(), database, secret: randomBytes(32).toString('base64url') };
}

export const newChallenge = (): string => randomBytes(32).toString('base64url');

/** The HMAC that answers `challenge`: it binds the start and the file, so no answer serves another. */
export function instanceProof(expected: ExpectedInstance, challenge: string): string {
  return createHmac('sha256', expected.secret).update(`playdeck-instance\n${challenge}\n${expected.instance}\n${expected.database}`).digest('base64url');
}

/** Whether `answer` (a parsed body) proves the expected instance for `challenge`. */
export function provesInstance(answer: unknown, expected: ExpectedInstance, challenge: string): boolean {
  const { instance, proof } = (answer ?? {}) as Partial<InstanceAnswer>;
  if (instance !== expected.instance || typeof proof !== 'string') return false;
  const wanted = Buffer.from(instanceProof(expected, challenge));
  const given = Buffer.from(proof);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function realDatabasePath(database: string): string {
  try {
    return realpathSync(database);
  } catch {
    return database;
  }
}

/**
 * Written aside and renamed, so a reader never sees half a file. The aside file is made new (never through
 * whatever a shared folder held under its name, a link above all).
 */
export function publishInstance(database: string, instance: ServiceInstance): void {
  const path = instanceFilePath(database);
  const partial = `${path}.${process.pid}.part`;
  rmSync(partial, { force: true });
  writeFileSync(partial, `${JSON.stringify(instance)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(partial, path);
}

/** Our own file is a few hundred bytes: anything much longer is not it. */
const MAX_FILE_BYTES = 16 * 1024;

/**
 * The file's text when it can be trusted, as the status socket's folder is (status/private-folder.ts): a regular
 * file (not a link) of this user that nobody else may read or write. Its secret is what a service proves
 * itself with, so a file another user planted (a database in a shared folder) or could read proves nothing.
 * Read from the descriptor that was checked; null otherwise.
 */
function readOwnFile(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const stat = fstatSync(fd);
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    if (!stat.isFile() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o077) !== 0 || stat.size > MAX_FILE_BYTES) return null;
    const bytes = Buffer.alloc(stat.size);
    const read = readSync(fd, bytes, 0, bytes.length, 0);
    return bytes.toString('utf8', 0, read);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Removes the file if it still names `instance` (a service that took over may have written its own). */
export function withdrawInstance(database: string, instance: string): void {
  const path = instanceFilePath(database);
  try {
    const current = JSON.parse(readOwnFile(path) ?? 'null') as ServiceInstance | null;
    if (current?.instance === instance) unlinkSync(path);
  } catch {
    // Gone already, or not ours to remove.
  }
}

/** A process id that can name one process: `kill(0)` and negative ids signal whole process groups. */
const isProcessId = (pid: unknown): pid is number => Number.isSafeInteger(pid) && (pid as number) > 0;

/** The file's contents when it can be trusted (readOwnFile), complete and well-formed; null otherwise (never an error). */
export function readInstance(database: string): ServiceInstance | null {
  try {
    const text = readOwnFile(instanceFilePath(database));
    if (text === null) return null;
    const value = JSON.parse(text) as Partial<ServiceInstance>;
    const complete = ['instance', 'origin', 'token', 'database', 'secret'].every((key) => typeof value[key as keyof ServiceInstance] === 'string');
    return complete && isProcessId(value.pid) ? (value as ServiceInstance) : null;
  } catch {
    return null;
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!isProcessId(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: alive but another user's, and such a service is not ours to join either.
    return false;
  }
}
