import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { readFileSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * One embedded service per database: the process serving a database names its address in a file beside it
 * (`playdeck.db.service`, owner-only), so a second dashboard on the same file joins that service instead of
 * opening its own copy of the playlists. A file left by a killed process is recognised as stale: its process
 * is gone, or its address answers as another instance or for another file.
 */
export interface ServiceInstance {
  /** Random per start: tells this service from a later one on the same port. */
  instance: string;
  pid: number;
  origin: string;
  /** A long-lived token of the demo user, for the dashboards that join. */
  token: string;
  /** The database's real path. */
  database: string;
}

/** What the service's `/playdeck/instance` route answers. */
export interface InstanceAnswer {
  instance: string;
  database: string;
}

export const INSTANCE_PATH = '/playdeck/instance';
const CHECK_TIMEOUT_MS = 800;

export function instanceFilePath(database: string): string {
  return `${database}.service`;
}

export function newInstanceId(): string {
  return randomUUID();
}

export function realDatabasePath(database: string): string {
  try {
    return realpathSync(database);
  } catch {
    return database;
  }
}

/** Written aside and renamed, so a reader never sees half a file. */
export function publishInstance(database: string, instance: ServiceInstance): void {
  const path = instanceFilePath(database);
  const partial = `${path}.${process.pid}.part`;
  writeFileSync(partial, `${JSON.stringify(instance)}\n`, { mode: 0o600 });
  renameSync(partial, path);
}

/** Removes the file if it still names `instance` (a service that took over may have written its own). */
export function withdrawInstance(database: string, instance: string): void {
  const path = instanceFilePath(database);
  try {
    const current = JSON.parse(readFileSync(path, 'utf8')) as ServiceInstance;
    if (current.instance === instance) unlinkSync(path);
  } catch {
    // Gone already, or not ours to remove.
  }
}

function readInstance(database: string): ServiceInstance | null {
  try {
    const value = JSON.parse(readFileSync(instanceFilePath(database), 'utf8')) as Partial<ServiceInstance>;
    const complete = ['instance', 'origin', 'token', 'database'].every((key) => typeof value[key as keyof ServiceInstance] === 'string');
    return complete && typeof value.pid === 'number' ? (value as ServiceInstance) : null;
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: alive but another user's, and such a service is not ours to join either.
    return false;
  }
}

function askInstance(origin: string, token: string): Promise<InstanceAnswer | null> {
  return new Promise((resolve) => {
    const options = { timeout: CHECK_TIMEOUT_MS, headers: { authorization: `Bearer ${token}` } };
    const request = get(`${origin}${INSTANCE_PATH}`, options, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        try {
          resolve(response.statusCode === 200 ? (JSON.parse(body) as InstanceAnswer) : null);
        } catch {
          resolve(null);
        }
      });
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** The service that serves `database` now, or null when none does (no file, or a stale one). */
export async function findLiveInstance(database: string): Promise<ServiceInstance | null> {
  const found = readInstance(database);
  if (found === null || found.database !== realDatabasePath(database) || !isProcessAlive(found.pid)) return null;
  const answer = await askInstance(found.origin, found.token);
  return answer !== null && answer.instance === found.instance && answer.database === found.database ? found : null;
}
