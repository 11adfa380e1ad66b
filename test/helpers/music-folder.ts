/**
 * A music folder for the tests of the catalog read from files: a sandbox (the folder and a database beside it),
 * and the real embedded service started on it, its first scan done, with requests made over loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService, type StartOptions } from '../../src/service/start.js';
import type { MusicOptions } from '../../src/service/music/music-library.js';

export interface MusicSandbox {
  root: string;
  /** The music folder (made empty). */
  music: string;
  db: string;
  remove(): void;
}

export function musicSandbox(): MusicSandbox {
  const root = mkdtempSync(join(tmpdir(), 'playdeck-music-'));
  const music = join(root, 'Music');
  return { root, music, db: join(root, 'music.db'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface MusicService extends RunningService {
  music: NonNullable<RunningService['music']>;
  /** A GET of the API (`/me/albums`) or of the service (`/playdeck/library`) with the local user's token; its JSON. */
  get(path: string): Promise<any>;
  request(method: string, path: string, body?: object): Promise<Response>;
}

/** The service on the sandbox's folder and database, once its first scan is done. */
export async function startMusic(sandbox: MusicSandbox, music: Partial<MusicOptions> = {}, options: StartOptions = {}): Promise<MusicService> {
  // Silent unless a test asks for sound: the catalog's tests need no mpv.
  const service = await startService({ db: sandbox.db, log: () => {}, integrityCheckAfterMs: 60_000, sound: false, ...options, music: { folder: sandbox.music, ...music } });
  await service.music!.scan.firstScan;
  const request = (method: string, path: string, body?: object) =>
    fetch(path.startsWith('/playdeck/') || path.startsWith('/images/') ? `${service.origin}${path}` : `${service.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${service.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  return {
    ...service,
    music: service.music!,
    request,
    get: async (path) => {
      const response = await request('GET', path);
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}

/** Every saved album's name with its tracks' names, as the library lists them. */
export async function albumsOf(service: MusicService): Promise<{ name: string; artists: string[]; type: string; tracks: string[] }[]> {
  const page = await service.get('/me/albums?limit=50');
  return page.items.map((item: any) => ({
    name: item.album.name,
    artists: item.album.artists.map((artist: any) => artist.name),
    type: item.album.album_type,
    tracks: item.album.tracks.items.map((track: any) => track.name),
  }));
}
