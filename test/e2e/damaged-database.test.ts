/**
 * The dashboard on a database damaged in the middle (it opens, and the start reads nothing broken): the
 * background integrity check finds it, the status line says so in one line, what is on screen stays, nothing
 * of the service's reaches the terminal, and the file is left exactly as it was.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { damagedLine } from '../../src/service/damage.js';
import { openDatabase } from '../../src/service/store/db.js';
import { fixtureCatalog } from '../helpers/catalog-fixture.js';
import { createSandbox, nowPlayingOf, startDashboard, statusLineOf, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';

const SCREEN_MS = 20_000;
// Wide enough for the whole line beside the connection's part of the status line.
const COLUMNS = 300;
let dashboard: Dashboard | undefined;
let sandbox: Sandbox | undefined;
afterEach(() => {
  dashboard?.kill();
  sandbox?.remove();
});

const checksum = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The small fixture catalog, with the page of a table the dashboard never reads (OAuth clients) overwritten. */
function seedDamaged(path: string): void {
  openDatabase({ path, catalog: fixtureCatalog }).close();
  const db = new Sqlite(path, { readonly: true });
  const pages = (db.prepare("SELECT pageno FROM dbstat WHERE name = 'oauth_clients'").all() as { pageno: number }[]).map((row) => row.pageno);
  db.close();
  const fd = openSync(path, 'r+');
  for (const page of pages) writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (page - 1) * 4096);
  closeSync(fd);
}

describe('a damaged database under the dashboard', () => {
  it('is named in the status line with the way forward; the screen stays, and the file is left as it was', { timeout: 60_000 }, async () => {
    sandbox = createSandbox();
    seedDamaged(sandbox.db);
    const before = checksum(sandbox.db);
    const outputLog = join(sandbox.dir, 'terminal.log');
    dashboard = startDashboard(['--db', sandbox.db], { sandbox, columns: COLUMNS, outputLog });

    const playing = nowPlayingOf(await dashboard.waitFor((screen) => nowPlayingOf(screen) !== null, SCREEN_MS))!;
    const line = damagedLine(sandbox.db);
    const screen = await dashboard.waitFor((text) => statusLineOf(text).includes(line), SCREEN_MS);
    // The player's poll is refused: its line is the service's, word for word; Now playing keeps its item.
    expect(statusLineOf(screen)).toContain(`player: ${line} (503, GET /v1/me/player)`);
    expect(nowPlayingOf(screen)?.name).toBe(playing.name);

    dashboard.sendKeys('q');
    expect((await dashboard.waitForExit()).status).toBe(0);
    expect(checksum(sandbox.db)).toBe(before);
    const written = readFileSync(outputLog, 'utf8');
    expect(written).not.toMatch(/playdeck service|SqliteError|integrity check|\n\s+at /);
    const logged = readFileSync(join(sandbox.env.XDG_STATE_HOME!, 'playdeck', 'playdeck.log'), 'utf8');
    expect(logged).toContain(`${line} (integrity check: `);
  });
});
