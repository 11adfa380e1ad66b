import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `playdeck status` answered by a dashboard loads only the status chunk and what it imports statically
 * (test/helpers/global-setup.ts builds dist/ first): neither Ink, React nor the service, which are reached
 * only through dynamic imports taken when no dashboard answers.
 */

const STATIC_IMPORT = /^(?:import|export|\})[^"\n]*?["'](\.\.?\/[^"'\n]+)["'];$/gm;
const DYNAMIC_IMPORT = /\bimport\("(\.\.?\/[\w/-]+\.js)"\)/g;

/** Markers of code that must stay out: React's element symbol, Ink's layout engine, fastify's errors, SQLite. */
const HEAVY = { React: 'react.transitional.element', Ink: 'yoga', fastify: 'FST_ERR', SQLite: 'better-sqlite3' };

function staticallyReached(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (path: string): void => {
    if (files.has(path)) return;
    const source = readFileSync(path, 'utf8');
    files.set(path, source);
    for (const match of source.matchAll(STATIC_IMPORT)) visit(join(dirname(path), match[1]!));
  };
  visit(entry);
  return files;
}

describe('the status fast path in the built program', () => {
  it('loads neither Ink, React nor the service code before it knows no dashboard answers', () => {
    const cli = readFileSync('dist/cli.js', 'utf8');
    const chunk = [...cli.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!).find((path) => /\/command-[\w-]+\.js$/.test(path));
    expect(chunk).toBeDefined();
    const files = staticallyReached(join('dist', chunk!));
    expect(files.size).toBeGreaterThan(0);
    // dist/cli.js itself runs for every command (and carries package.json, dependency names included).
    for (const [path, source] of files) {
      for (const [name, marker] of Object.entries(HEAVY)) expect(source.includes(marker), `${name} in ${path}`).toBe(false);
    }
  });
});
