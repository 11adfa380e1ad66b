import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import arrows of README's "How it is built", read from source text: static imports, re-exports and
 * dynamic import(). A relative specifier is named by its path from the repository root (`src/service/app.js`).
 */
const ROOT = resolve(import.meta.dirname, '..');


function sources(folder: string): string[] {
  if (!existsSync(join(ROOT, folder))) return []; // a folder not made yet has nothing to check
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file)).map((file) => join(folder, file));
}

function importsOf(file: string, text = readFileSync(join(ROOT, file), 'utf8')): string[] {
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map(([, specifier]) => (specifier!.startsWith('.') ? relative(ROOT, join(ROOT, dirname(file), specifier!)) : specifier!));
}

const RULES: [name: string, files: string[], forbidden: RegExp][] = [
  ['src/ui never imports the service, got, fastify or SQLite', sources('src/ui'), /^(src\/service\/|got$|fastify$|@fastify\/|better-sqlite3$)/],
  ['src/ui/state imports no React or Ink', sources('src/ui/state'), /^(react|react\/.*|ink|ink-.*|@alcalzone\/ink-table)$/],
  [
    "the playlist editor's model is pure: no React, Ink or Node modules, nothing of ours but itself, ui/state and the API's types",
    sources('src/ui/playlist-editor/model'),
    /^(react|react\/.*|ink|ink-.*|@alcalzone\/ink-table|node:.*|src\/(?!ui\/state\/|ui\/playlist-editor\/model\/|api\/types\.js$).*)$/,
  ],
  ['src/service never imports the UI or the client', sources('src/service'), /^src\/(ui|api)\//],
  ['src/config never imports the UI (the action table, key names and sections by name are in src/keys)', sources('src/config'), /^src\/ui\//],
  ['src/keys (the action table, key names, sections by name) is pure: nothing of ours but itself', sources('src/keys'), /^(react|ink|ink-.*|node:.*|src\/(?!keys\/).*)$/],
  ['the terminal subsystem never imports panes', sources('src/terminal'), /^src\/ui\/panes\//],
  ['src/text (what reaches a terminal, shared by the UI and the command line) imports nothing else of ours', sources('src/text'), /^src\/(?!text\/)/],
  ['only src/desktop/session-bus.ts imports the D-Bus library', ['src', 'test'].flatMap(sources).filter((file) => !/^(src\/desktop\/session-bus\.ts|test\/helpers\/session-bus\.ts)$/.test(file)), /^@jellybrick\/dbus-next$/],
  ['src/desktop never imports React, Ink or the service', sources('src/desktop'), /^(react|ink|src\/service\/|src\/ui\/(?!state\/|art\/pick-image))/],
];

/** The source file an import names (`src/ui/x.js` is `src/ui/x.ts` or `.tsx`), or null for a package. */
function sourceOf(specifier: string): string | null {
  if (!specifier.startsWith('src/')) return null;
  const base = specifier.replace(/\.js$/, '');
  return ['.ts', '.tsx'].map((extension) => base + extension).find((file) => existsSync(join(ROOT, file))) ?? null;
}

/** What running `file` loads: its imports and theirs, `import type` left out (it is erased). */
function loadedBy(file: string, seen = new Set<string>()): Set<string> {
  seen.add(file);
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/^(?:import|export) type [^;]*;/gm, '');
  for (const specifier of importsOf(file, text)) {
    const source = sourceOf(specifier);
    if (source === null) seen.add(specifier);
    else if (!seen.has(source)) loadedBy(source, seen);
  }
  return seen;
}

describe('import boundaries', () => {
  it('keeps React, Ink and the UI out of `config check` and `config default`: the action table and the sections by name are pure', () => {
    const loaded = [...loadedBy('src/config/command.ts')];
    expect(loaded).toContain('src/keys/actions.ts');
    expect(loaded).toContain('src/keys/sections.ts');
    expect(loaded.filter((module) => /^(react|ink|ink-.*|@alcalzone\/ink-table|src\/terminal\/.*|src\/ui\/.*)$/.test(module))).toEqual([]);
  });

  it("loads the D-Bus library neither in `playdeck status` nor at the dashboard's start: only by a dynamic import once it runs", () => {
    for (const command of ['src/status/command.ts', 'src/status/follow.ts']) {
      expect([...loadedBy(command)].filter((module) => /^(@jellybrick\/dbus-next|src\/desktop\/)/.test(module)), command).toEqual([]);
    }
    // Types aside, src/desktop/session-bus.ts (the one importer of the library) is reached by import() alone.
    const staticImports = sources('src').flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8').replace(/^(?:import|export) type [^;]*;/gm, '').replace(/\bimport\(\s*['"][^'"]+['"]\s*\)/g, '');
      return importsOf(file, text).filter((specifier) => specifier === 'src/desktop/session-bus.js').map(() => file);
    });
    expect(staticImports).toEqual([]);
    expect(readFileSync(join(ROOT, 'src/desktop/desktop.ts'), 'utf8')).toContain("await import('./session-bus.js')");
  });

  it('finds static, re-exported and dynamic imports in source text', () => {
    const text = "import a, {\n  b,\n} from './a.js';\nexport * from \"got\";\nimport 'ink';\nconst c = await import('../service/c.js');";
    expect(importsOf('src/ui/x.ts', text)).toEqual(['src/ui/a.js', 'got', 'ink', 'src/service/c.js']);
    expect(sources('src/ui').length).toBeGreaterThan(20);
    expect(sources('src/ui/playlist-editor/model').length).toBeGreaterThan(10);
  });
  it.each(RULES)('%s', (_name, files, forbidden) => {
    const broken = files.flatMap((file) => importsOf(file).filter((specifier) => forbidden.test(specifier)).map((specifier) => `${file} -> ${specifier}`));
    expect(broken).toEqual([]);
  });
});
