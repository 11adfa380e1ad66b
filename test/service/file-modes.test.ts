/**
 * The database holds the library and the tokens: its file, `-wal` and `-shm` are 0600 in a 0700 folder, made so
 * and, for files an older playdeck left readable, tightened at open.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDatabasePath, startService, type RunningService } from '../../src/service/start.js';
import { openDatabase } from '../../src/service/store/db.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const folders: string[] = [];
const services: RunningService[] = [];
const savedDataHome = process.env.XDG_DATA_HOME;

afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  if (savedDataHome === undefined) delete process.env.XDG_DATA_HOME;
  else process.env.XDG_DATA_HOME = savedDataHome;
});

function dataHome(): string {
  const folder = mkdtempSync(join(tmpdir(), 'playdeck-modes-'));
  folders.push(folder);
  process.env.XDG_DATA_HOME = folder;
  return folder;
}

describe('the database files', () => {
  it('are 0600 in a 0700 folder on a first start in the default place', async () => {
    dataHome();
    const path = defaultDatabasePath();
    const service = await startService({ db: path });
    services.push(service);
    expect(modeOf(dirname(path))).toBe(0o700);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      expect(existsSync(file), file).toBe(true);
      expect(modeOf(file), file).toBe(0o600);
    }
  });

  it('are tightened at open when an older start left them readable by others', async () => {
    const home = dataHome();
    const path = join(home, 'playdeck', 'playdeck.db');
    mkdirSync(dirname(path), { recursive: true });
    openDatabase({ path }).close();
    writeFileSync(`${path}-wal`, '');
    writeFileSync(`${path}-shm`, '');
    for (const file of [path, `${path}-wal`, `${path}-shm`]) chmodSync(file, 0o644);
    chmodSync(dirname(path), 0o755);

    expect(defaultDatabasePath()).toBe(path);
    const service = await startService({ db: path });
    services.push(service);
    expect(modeOf(dirname(path))).toBe(0o700);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
  });

  it('are made owner-only anywhere --db names, and a read-only file is not made writable', () => {
    const folder = mkdtempSync(join(tmpdir(), 'playdeck-modes-'));
    folders.push(folder);
    const path = join(folder, 'mine.db');
    openDatabase({ path }).close();
    expect(modeOf(path)).toBe(0o600);
    chmodSync(path, 0o444);
    openDatabase({ path }).close();
    expect(modeOf(path)).toBe(0o400);
  });
});
