import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every INSERT of the service names its columns: one that relies on their order writes a value into the
 * wrong column, without an error, the day a migration adds one.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const POSITIONAL = /INSERT\s+(?:OR\s+\w+\s+)?INTO\s+\w+\s+VALUES\b/gi;
/** Still positional when this test came (files changed elsewhere at the time): each should name its columns. */

const sources = readdirSync(join(ROOT, 'src/service'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ts|mjs)$/.test(file))
  .map((file) => `src/service/${file.replaceAll('\\', '/')}`);

describe('INSERT statements', () => {
  it('finds a positional INSERT in text', () => {
    expect("db.prepare('INSERT OR REPLACE INTO t VALUES (?, ?)')".match(POSITIONAL)).toHaveLength(1);
    expect("db.prepare('INSERT INTO t (a, b) VALUES (?, ?)')".match(POSITIONAL)).toBeNull();
  });

  it('name their columns in every file of the service', () => {
    const positional = sources
      .flatMap((file) => (readFileSync(join(ROOT, file), 'utf8').match(POSITIONAL) ?? []).map((statement) => `${file}: ${statement}`));
    expect(positional).toEqual([]);
  });
});
