import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTags } from '../../../src/service/music/read-tags.js';
import { makeTone, missingFfmpeg } from '../../helpers/audio-files.js';
import { sayWhySkipped } from '../../helpers/system-tools.js';

const why = missingFfmpeg();
sayWhySkipped("the length of a music folder's files", why);

describe.skipIf(why !== null)("a file's length, as the scan reads it", () => {
  const folder = mkdtempSync(join(tmpdir(), 'playdeck-lengths-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  // Long enough that a format telling its length only at its end (Ogg, Opus) is not read whole by its first reads.
  it.for(['mp3', 'flac', 'ogg', 'opus', 'm4a', 'wav'])('is the whole length of a 20 s .%s', async (extension) => {
    const path = makeTone(join(folder, `tone.${extension}`), { seconds: 20, tags: { title: 'Tone' } });
    const tags = await readTags(path);
    expect(tags.title).toBe('Tone');
    expect(Math.abs(tags.durationMs - 20_000)).toBeLessThan(200);
  });
});
