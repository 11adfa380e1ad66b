import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What scripts/build.mjs makes of the program (test/helpers/global-setup.ts builds dist/ before the tests):
 * dependencies bundled, with the exceptions the running program depends on.
 */

/** esbuild's import statements (one per line, or the closing line of a long one) and its chunk loads. */
const IMPORT = /^(?:import|export|\})[^"\n]*?["']([^"'\n]+)["'];$|\bimport\("(\.\.?\/[\w/-]+\.js)"\)/gm;

/** dist/cli.js and every chunk it reaches through static or dynamic imports (dist/ may hold older chunks). */
function builtFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (path: string): void => {
    if (files.has(path)) return;
    const source = readFileSync(path, 'utf8');
    files.set(path, source);
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('.')) visit(join(dirname(path), specifier));
    }
  };
  visit('dist/cli.js');
  return files;
}

function importedPackages(files: Map<string, string>): Set<string> {
  const packages = new Set<string>();
  for (const source of files.values()) {
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.') && !isBuiltin(specifier)) packages.add(specifier);
    }
  }
  return packages;
}

describe('the built program', () => {
  const files = builtFiles();
  const everything = [...files.values()].join('\n');

  it('reaches the serve, login and dashboard chunks from dist/cli.js', () => {
    const names = [...files.keys()].map((path) => path.split('/').pop()!);
    for (const command of ['serve-', 'login-', 'dashboard-']) expect(names.some((name) => name.startsWith(command))).toBe(true);
  });

  it('imports no package but better-sqlite3 (a native addon) and Ink’s optional devtools', () => {
    expect([...importedPackages(files)].sort()).toEqual(['better-sqlite3', 'react-devtools-core']);
  });

  it('takes Ink’s Output class from the installed Ink, whose class src/cli/ink-output.ts patches', () => {
    expect(everything).not.toContain('class OutputCaches');
    expect(everything).toContain('new URL("./output.js", pathToFileURL(');
  });

  it('bundles React’s production builds and leaves the development builds to the installed packages', () => {
    for (const name of ['react', 'react-jsx-runtime', 'react-reconciler', 'scheduler']) {
      expect(everything).toContain(`/cjs/${name}.production.js`);
      expect(everything).not.toContain(`/cjs/${name}.development.js`);
    }
  });
});
