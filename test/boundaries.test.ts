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

/** Every source file's text under `folders`, by its path from the repository root. */
function textsOf(...folders: string[]): Map<string, string> {
  return new Map(folders.flatMap(sources).map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));
}

/** The files of `texts` each one imports (static, type, re-exported or dynamic), as named in `texts`. */
function importGraph(texts: ReadonlyMap<string, string>): Map<string, string[]> {
  const fileOf = (specifier: string): string | undefined => {
    const base = specifier.replace(/\.js$/, '');
    return [base, `${base}.ts`, `${base}.tsx`].find((file) => texts.has(file));
  };
  return new Map([...texts].map(([file, text]) => [file, importsOf(file, text).flatMap((specifier) => fileOf(specifier) ?? [])]));
}

/** The import circles of a graph: each a group of files that reach one another (Tarjan's components), sorted. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)?.includes(file)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/**
 * src/ui's floors, top to bottom: a file imports files of its own floor and of lower ones, never of a higher
 * one. A folder's floor holds its files but those of a subfolder with a floor of its own; a loose file of
 * src/ui is a floor of its own. A new folder takes its place here (a test fails until it has one).
 */
const UI_FLOORS = [
  'app', 'overlays', 'panes', 'playlist-editor', 'list', 'details', 'sections', 'components', 'hooks', 'prompt',
  'keys', 'context', 'play', 'liked', 'signals.ts', 'liked/likeable.ts', 'playback-commands.ts', 'playlist-editor/model', 'state', 'art', 'layout.ts',
  'row-layout.ts', 'add-source.ts', 'format.ts', 'details-target.ts', 'current-user.ts', 'sanitize.ts',
];

/** The imports in src/ui allowed to run up a floor (at most 5), each with its reason. */
const UPWARD_IMPORTS: readonly { from: string; to: string; reason: string }[] = [
  {
    from: 'src/ui/context/app-services.ts',
    to: 'src/ui/playlist-editor/editor-services.ts',
    reason: "a type: the services carry the editor's sessions to every view of a playlist, which reads them back from the services",
  },
];

/** A src/ui file's floor: its index in UI_FLOORS, or -1 where none holds it. */
function floorOf(file: string): number {
  const path = file.replace(/^src\/ui\//, '');
  const holders = UI_FLOORS.filter((floor) => path === floor || path.startsWith(`${floor}/`));
  return holders.length === 0 ? -1 : UI_FLOORS.indexOf(holders.reduce((a, b) => (b.length > a.length ? b : a)));
}

/** The imports among src/ui files that go to a higher floor than their own, as `from -> to`. */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith('src/ui/') ? targets.filter((target) => target.startsWith('src/ui/') && floorOf(target) < floorOf(file)).map((target) => `${file} -> ${target}`) : [],
  );
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

  it('finds no import circle among the files of src (static, type and dynamic imports alike)', () => {
    expect(circlesOf(importGraph(textsOf('src')))).toEqual([]);
  });

  it('finds a circle planted in source text, through a type import, a dynamic one or a file importing itself', () => {
    const texts = new Map([
      ['src/a.ts', "import type { B } from './b.js';"],
      ['src/b.ts', "export const c = () => import('./c.js');"],
      ['src/c.ts', "import { a } from './a.js';"],
      ['src/d.ts', "import { a } from './a.js';\nexport * from './d.js';"],
      ['src/e.ts', "import { d } from './d.js';"],
    ]);
    expect(circlesOf(importGraph(texts))).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts'], ['src/d.ts']]);
    texts.set('src/c.ts', "import type { E } from './e.js';"); // e imports d, which imports a: still one circle, larger
    expect(circlesOf(importGraph(texts))).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', 'src/e.ts']]);
    texts.set('src/c.ts', 'export const c = 1;');
    expect(circlesOf(importGraph(texts))).toEqual([['src/d.ts']]);
  });

  it('puts every file of src/ui on a floor', () => {
    expect(sources('src/ui').filter((file) => floorOf(file) < 0)).toEqual([]);
  });

  it('has src/ui import only its own floor and lower ones, but for the few named with their reasons', () => {
    expect(UPWARD_IMPORTS.length).toBeLessThanOrEqual(5);
    expect(upwardImports(importGraph(textsOf('src/ui')))).toEqual(UPWARD_IMPORTS.map(({ from, to }) => `${from} -> ${to}`));
  });

  it('finds an upward import planted in source text, a type import too, and lets a downward one be', () => {
    const texts = new Map([
      ['src/ui/state/low.ts', "import type { Shell } from '../app/shell.js';"],
      ['src/ui/app/shell.ts', "import { low } from '../state/low.js';\nimport { pure } from '../playlist-editor/model/pure.js';"],
      ['src/ui/playlist-editor/model/pure.ts', "import { view } from '../view.js';"],
      ['src/ui/playlist-editor/view.ts', "import { pure } from './model/pure.js';"],
    ]);
    expect(upwardImports(importGraph(texts))).toEqual(['src/ui/state/low.ts -> src/ui/app/shell.ts', 'src/ui/playlist-editor/model/pure.ts -> src/ui/playlist-editor/view.ts']);
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
