import { chmodSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findLiveInstance } from '../../src/service/instance-check.js';
import { instanceFilePath } from '../../src/service/instance-file.js';
import { AlreadyServedError, startService, type RunningService } from '../../src/service/start.js';

const folders: string[] = [];
const services: RunningService[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const service of services.splice(0)) await service.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function database(): string {
  const folder = mkdtempSync(join(tmpdir(), 'playdeck-instance-'));
  folders.push(folder);
  return join(folder, 'playdeck.db');
}

describe('one embedded service per database', () => {
  it('names its address beside the database, owner-only, and a second start on that file is refused with it', async () => {
    const db = database();
    const first = await startService({ db });
    services.push(first);
    expect(statSync(instanceFilePath(db)).mode & 0o777).toBe(0o600);
    const live = await findLiveInstance(db);
    expect(live?.origin).toBe(first.origin);
    const refusal = await startService({ db }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AlreadyServedError);
    expect((refusal as Error).message).toContain(first.origin);
  });

  it('withdraws the file on close, so the next start serves the file itself', async () => {
    const db = database();
    const first = await startService({ db });
    await first.close();
    expect(statSync(instanceFilePath(db), { throwIfNoEntry: false })).toBeUndefined();
    const second = await startService({ db });
    services.push(second);
    expect(await findLiveInstance(db)).not.toBeNull();
  });

  it('ignores and replaces a file left by a killed process or naming another service', async () => {
    const db = database();
    const first = await startService({ db });
    services.push(first);
    const published = JSON.parse(readFileSync(instanceFilePath(db), 'utf8'));
    // The process is gone: a pid no process has.
    writeFileSync(instanceFilePath(db), JSON.stringify({ ...published, pid: 2 ** 22 + 1 }));
    expect(await findLiveInstance(db)).toBeNull();
    // The address answers, but as another start of the service.
    writeFileSync(instanceFilePath(db), JSON.stringify({ ...published, instance: 'another' }));
    expect(await findLiveInstance(db)).toBeNull();
    // A planted pid that is no single process: 0 and negative ids signal whole process groups.
    for (const pid of [0, -1, -process.pid, 1.5, String(process.pid), null]) {
      writeFileSync(instanceFilePath(db), JSON.stringify({ ...published, pid }));
      expect(await findLiveInstance(db), `pid ${pid}`).toBeNull();
    }
    // Not JSON at all.
    writeFileSync(instanceFilePath(db), 'garbage');
    expect(await findLiveInstance(db)).toBeNull();
    await first.close();
    services.length = 0;
    writeFileSync(instanceFilePath(db), JSON.stringify(published));
    const second = await startService({ db });
    services.push(second);
    expect((await findLiveInstance(db))?.origin).toBe(second.origin);
  });

  it("trusts the file only as the status socket's folder is trusted: this user's, owner-only, not a link", async () => {
    const db = database();
    const first = await startService({ db });
    services.push(first);
    const file = instanceFilePath(db);
    expect((await findLiveInstance(db))?.origin).toBe(first.origin);
    // Readable (or writable) by others: whoever read its secret could prove it.
    for (const mode of [0o644, 0o640, 0o602]) {
      chmodSync(file, mode);
      expect(await findLiveInstance(db), mode.toString(8)).toBeNull();
    }
    chmodSync(file, 0o600);
    vi.spyOn(process, 'getuid').mockReturnValue(process.getuid!() + 1);
    expect(await findLiveInstance(db)).toBeNull();
    vi.restoreAllMocks();
    // A link to a good file elsewhere is not the file beside the database.
    renameSync(file, `${file}.elsewhere`);
    symlinkSync(`${file}.elsewhere`, file);
    expect(await findLiveInstance(db)).toBeNull();
    rmSync(file);
    renameSync(`${file}.elsewhere`, file);
    expect((await findLiveInstance(db))?.origin).toBe(first.origin);
  });
});
