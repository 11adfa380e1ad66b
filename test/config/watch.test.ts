import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/schema.js';
import { watchConfig, type ConfigUpdate, type ConfigWatcher } from '../../src/config/watch.js';

let folder: string;
let watcher: ConfigWatcher | null = null;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'playdeck-watch-'));
});
afterEach(() => {
  watcher?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Watches `path`; `next()` resolves with the next update reported. */
function start(path: string) {
  const updates: ConfigUpdate[] = [];
  const waiting: ((update: ConfigUpdate) => void)[] = [];
  watcher = watchConfig({
    path,
    current: DEFAULT_CONFIG,
    settleMs: 20,
    onUpdate: (update) => {
      updates.push(update);
      waiting.shift()?.(update);
    },
  });
  return { updates, next: () => new Promise<ConfigUpdate>((resolve) => waiting.push(resolve)) };
}

describe('watchConfig', () => {
  it('reports a saved change as a new config', async () => {
    const path = join(folder, 'config.toml');
    const { next } = start(path);
    const update = next();
    writeFileSync(path, '[mouse]\nenabled = false\n');
    expect(await update).toEqual({ config: { ...DEFAULT_CONFIG, mouse: { enabled: false } } });
  });

  it('reports a broken save as its problems, then the fixed one as a config', async () => {
    const path = join(folder, 'config.toml');
    const { next } = start(path);
    let update = next();
    writeFileSync(path, '[poll]\nplaying_seconds = 1\n');
    expect(await update).toEqual({
      problems: [{ file: path, line: 2, key: 'poll.playing_seconds', message: '1 is not allowed: a number of seconds from 5 to 60' }],
    });
    update = next();
    writeFileSync(path, '[poll]\nplaying_seconds = 10\n');
    expect(await update).toMatchObject({ config: { poll: { playing_seconds: 10 } } });
  });

  it("follows an editor's save by rename, and says nothing for other files or a save that changes nothing", async () => {
    const path = join(folder, 'config.toml');
    const { next, updates } = start(path);
    writeFileSync(join(folder, 'notes.txt'), 'x');
    writeFileSync(path, '# only a comment\n');
    const update = next();
    writeFileSync(join(folder, '.config.toml.swp'), '[layout]\ndetails = false\n');
    renameSync(join(folder, '.config.toml.swp'), path);
    expect(await update).toMatchObject({ config: { layout: { details: false } } });
    expect(updates).toHaveLength(1);
  });

  it('waits for a folder that does not exist yet', async () => {
    const inner = join(folder, 'playdeck');
    const path = join(inner, 'config.toml');
    const { next } = start(path);
    const update = next();
    mkdirSync(inner);
    writeFileSync(path, '[art]\nmode = "off"\n');
    expect(await update).toMatchObject({ config: { art: { mode: 'off' } } });
  });
});
