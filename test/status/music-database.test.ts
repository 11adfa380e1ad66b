import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultDatabasePath, serviceKey } from '../../src/status/target.js';

/** Which database `status`, the player commands and `add` speak of without --db (decisions §19). */
describe('the database a command speaks of', () => {
  let home: string;
  let env: NodeJS.ProcessEnv;
  const data = () => join(home, 'data', 'playdeck');
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'playdeck-target-'));
    env = { XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') };
    mkdirSync(data(), { recursive: true });
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it("is the demo's, unless the config names a music folder", () => {
    expect(defaultDatabasePath(env)).toBe(join(data(), 'playdeck.db'));
    mkdirSync(join(home, 'config', 'playdeck'), { recursive: true });
    writeFileSync(join(home, 'config', 'playdeck', 'config.toml'), '[music]\nfolder = "~/Music"\n');
    expect(defaultDatabasePath(env)).toBe(join(data(), 'music.db'));
    // The dashboard names its status socket by the same key.
    expect(serviceKey({ kind: 'embedded' }, env)).toBe(`embedded ${join(data(), 'music.db')}`);
  });

  it('is the music folder\'s when only it is served, or only it exists (playdeck --music with no config)', () => {
    writeFileSync(join(data(), 'music.db'), '');
    expect(defaultDatabasePath(env)).toBe(join(data(), 'music.db'));
    writeFileSync(join(data(), 'playdeck.db'), '');
    expect(defaultDatabasePath(env)).toBe(join(data(), 'playdeck.db'));
    writeFileSync(join(data(), 'music.db.service'), '{}');
    expect(defaultDatabasePath(env)).toBe(join(data(), 'music.db'));
  });
});
