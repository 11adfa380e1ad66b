import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every `decisions §N` the code and the tests cite (or `decisions.md §N`, `decisions §2, §3`) is a heading of
 * docs/decisions.md, so a reader of a comment finds the decision inside the repository.
 */
const ROOT = resolve(import.meta.dirname, '..');
const DECISIONS = readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8');
const CITATION = /decisions(?:\.md)? ?((?:§ ?\d+)(?:,? ?(?:and )?§ ?\d+)*)/g;

function citedIn(text: string): number[] {
  return [...text.matchAll(CITATION)].flatMap(([, list]) => [...list!.matchAll(/§ ?(\d+)/g)].map(([, number]) => Number(number)));
}

function files(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|mjs|md)$/.test(file))
    .map((file) => join(folder, file));
}

const numbered = DECISIONS.split('\n').flatMap((line) => /^#+ *(?:§ ?)?(\d+)[ .:)]/.exec(line)?.[1] ?? []).map(Number);
const headings = new Set(numbered);

describe('docs/decisions.md', () => {
  it('reads every form of a citation', () => {
    expect(citedIn('see decisions §4; decisions.md §10 and decisions §2, §3 (decisions § 7)')).toEqual([4, 10, 2, 3, 7]);
  });

  it('has a heading for every decision cited in src/ and test/', () => {
    const cited = [...files('src'), ...files('test')].flatMap((file) =>
      citedIn(readFileSync(join(ROOT, file), 'utf8')).map((number) => ({ file, number })),
    );
    expect(cited.length).toBeGreaterThan(40);
    expect(cited.filter(({ number }) => !headings.has(number))).toEqual([]);
  });

  it('numbers its decisions 1, 2, 3… in order, each once', () => {
    expect(numbered).toEqual(Array.from({ length: numbered.length }, (_, index) => index + 1));
  });

  it('is linked from the API documentation', () => {
    expect(readFileSync(join(ROOT, 'docs/api.md'), 'utf8')).toContain('(decisions.md)');
  });
});
