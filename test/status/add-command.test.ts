/**
 * `playdeck add [--to NAME]` with no dashboard (the service started for the moment on the embedded database,
 * or the one serving it), and through a dashboard's status socket.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instanceFilePath } from '../../src/service/instance-file.js';
import { createApi, staticToken, type Api } from '../../src/api/index.js';
import { startService, type RunningService } from '../../src/service/start.js';
import { runAddCommand } from '../../src/status/add-command.js';
import { recentPlaylistsFile } from '../../src/status/recent-playlists-file.js';
import { startStatusServer, type StatusServer } from '../../src/status/socket-server.js';
import { serviceKey, statusPaths } from '../../src/status/target.js';
import { createStatusHome, recordingIo, type StatusHome } from './status-io.js';

let home: StatusHome;
let db: string;
const services: RunningService[] = [];
let server: StatusServer | null = null;

beforeEach(async () => {
  home = createStatusHome();
  db = join(home.dir, 'playdeck.db');
  await (await startService({ db })).close();
});

afterEach(async () => {
  await server?.close();
  server = null;
  for (const service of services.splice(0)) await service.close();
  home.remove();
});

async function add(words: string[]) {
  const io = recordingIo(home.env, Date.now);
  const code = await runAddCommand([...words, '--db', db], io);
  return { code, out: io.out(), err: io.err() };
}

/** The service on the database, for reading what the command did. */
async function serviceApi(): Promise<Api> {
  const service = await startService({ db });
  services.push(service);
  return createApi({ baseUrl: service.baseUrl, tokens: staticToken(service.accessToken) });
}

async function urisOf(api: Api, playlistId: string): Promise<string[]> {
  const page = await api.getPlaylistItems(playlistId, { offset: 0, limit: 100 });
  return page.items.map((item) => item.track?.uri ?? '');
}

describe('playdeck add with no dashboard', () => {
  it('adds what plays to the playlist --to names (part of its name, any case), remembers it, and refuses it a second time', async () => {
    const before = await serviceApi();
    const playing = (await before.getPlaybackState())!.item!;
    const { items } = await before.getMyPlaylists({ offset: 0, limit: 50 });
    const target = (items as { id: string; name: string }[]).find((playlist) => playlist.name === 'Golden Mornings')!;
    await services.pop()!.close();

    const first = await add(['--to', 'golden morn']);
    expect(first).toEqual({ code: 0, out: `added “${playing.name}” to Golden Mornings\n`, err: '' });
    expect(recentPlaylistsFile(serviceKey({ kind: 'embedded', db }, home.env), home.env).list()[0]).toEqual({ id: target.id, name: target.name });

    // Without --to: the playlist last added to; it holds it now, so nothing is added twice.
    const again = await add([]);
    expect(again.code).toBe(1);
    expect(again.err).toBe(`playdeck add: Golden Mornings holds “${playing.name}” already: not added again\n`);
    const after = await serviceApi();
    expect((await urisOf(after, target.id)).filter((uri) => uri === playing.uri)).toHaveLength(1);
  });

  it('says what is wrong in one line: a name of no playlist, of several, none given yet, a bad option', async () => {
    expect(await add(['--to', 'no such playlist'])).toMatchObject({ code: 1, err: 'playdeck add: no playlist is named like "no such playlist"\n' });
    expect((await add(['--to', 'sunday'])).err).toMatch(/^playdeck add: "sunday" names \d+ playlists \(.+\): give more of the name\n$/);
    expect(await add([])).toMatchObject({ code: 1, err: 'playdeck add: no playlist was added to yet: name one with --to NAME\n' });
    expect(await add(['--to', 'x', 'extra'])).toMatchObject({ code: 2 });
    expect((await add(['--to', 'Sunday Frontier'])).err).toMatch(/^playdeck add: read-only: only .+ and collaborators can change this playlist\n$/);
  });

  it('takes an option value that starts with a dash, as a random token may', async () => {
    // Node's parseArgs called `--to -x` (and `--token -…`) ambiguous: a usage error for a good command line.
    expect(await add(['--to', '-golden'])).toMatchObject({ code: 1, err: 'playdeck add: no playlist is named like "-golden"\n' });
  });
});

/** What the database holds that a service's start or an add would change: token rows, and each playlist's version. */
function databaseState(): { tokens: number; versions: string; checksum: string } {
  const reader = new Sqlite(db, { readonly: true });
  try {
    const tokens = reader.prepare('SELECT count(*) FROM tokens').pluck().get() as number;
    const versions = JSON.stringify(reader.prepare('SELECT id, version FROM playlists ORDER BY id').all());
    return { tokens, versions, checksum: createHash('sha256').update(readFileSync(db)).update(existsSync(`${db}-wal`) ? readFileSync(`${db}-wal`) : '').digest('hex') };
  } finally {
    reader.close();
  }
}

describe('playdeck add on a database no service serves', () => {
  it('writes through the database itself: no service started, no token row, and a refusal writes nothing at all', async () => {
    const before = databaseState();
    expect((await add(['--to', 'golden morn'])).code).toBe(0);
    const added = databaseState();
    expect(added.tokens).toBe(before.tokens);
    expect(added.versions).not.toBe(before.versions);
    expect(existsSync(instanceFilePath(db))).toBe(false);
    // Refused (it holds it now; a name of no playlist; a read-only one): the file is as it was, byte for byte.
    for (const words of [['--to', 'golden morn'], ['--to', 'no such playlist'], ['--to', 'Sunday Frontier']]) {
      expect((await add(words)).code).toBe(1);
      expect(databaseState(), words.join(' ')).toEqual(added);
    }
  });
});

describe('playdeck add with a service on the database', () => {
  it('adds through the service that serves the file, leaving the file to it', async () => {
    const api = await serviceApi();
    const playing = (await api.getPlaybackState())!.item!;
    const { items } = await api.getMyPlaylists({ offset: 0, limit: 50 });
    const target = (items as { id: string; name: string }[]).find((playlist) => playlist.name === 'Golden Mornings')!;
    expect(await add(['--to', 'golden'])).toEqual({ code: 0, out: `added “${playing.name}” to Golden Mornings\n`, err: '' });
    expect(await urisOf(api, target.id)).toContain(playing.uri);
    expect((await add(['--to', 'golden'])).err).toBe(`playdeck add: Golden Mornings holds “${playing.name}” already: not added again\n`);
  });
});

describe('playdeck add through a dashboard', () => {
  it('asks the dashboard over its socket and prints its answer, adding nothing itself', async () => {
    const asked: (string | null)[] = [];
    server = await startStatusServer(statusPaths({ kind: 'embedded', db }, home.env).socket, {
      snapshot: () => null,
      run: async () => ({ ok: true }),
      add: async (to) => {
        asked.push(to);
        return { ok: true, said: 'added “Song” to Silver Magpies' };
      },
    });
    expect(await add(['--to', 'silver'])).toEqual({ code: 0, out: 'added “Song” to Silver Magpies\n', err: '' });
    expect(asked).toEqual(['silver']);
  });

  it("prints the dashboard's refusal and exits 1", async () => {
    server = await startStatusServer(statusPaths({ kind: 'embedded', db }, home.env).socket, {
      snapshot: () => null,
      run: async () => ({ ok: true }),
      add: async () => ({ ok: false, reason: 'nothing is playing' }),
    });
    expect(await add([])).toEqual({ code: 1, out: '', err: 'playdeck add: nothing is playing\n' });
  });
});
