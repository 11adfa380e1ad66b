import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAtomically } from '../../../src/service/playlist-files/atomic-write.js';

/** A playlist file's write back: a temporary file flushed, renamed over the file, the folder flushed (decisions §21). */
let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'playdeck-atomic-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('writeAtomically', () => {
  it('replaces the file, keeping the mode it is given, and leaves nothing beside it', async () => {
    const path = join(folder, 'Road trip.m3u8');
    writeFileSync(path, 'old\n', { mode: 0o640 });
    await writeAtomically(path, Buffer.from('new\n'), { mode: 0o640 });
    expect(readFileSync(path, 'utf8')).toBe('new\n');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readdirSync(folder)).toEqual(['Road trip.m3u8']);
  });

  it('leaves the old file whole when the write fails between the temporary file and the rename', async () => {
    const path = join(folder, 'Road trip.m3u8');
    writeFileSync(path, 'old\n');
    let temporary: string[] = [];
    const failing = writeAtomically(path, Buffer.from('new\n'), {
      beforeRename() {
        temporary = readdirSync(folder).filter((name) => name !== 'Road trip.m3u8');
        throw new Error('power cut');
      },
    });
    await expect(failing).rejects.toThrow('power cut');
    // The new content was whole in its temporary file, hidden beside the old one, before the rename.
    expect(temporary).toHaveLength(1);
    expect(temporary[0]).toMatch(/^\.Road trip\.m3u8\.[0-9a-f]+\.tmp$/);
    expect(readFileSync(path, 'utf8')).toBe('old\n');
    expect(readdirSync(folder)).toEqual(['Road trip.m3u8']);
  });
});
