// Which of Ink's files the program replaces with ours, read by the bundler (scripts/bundle.mjs) and by the
// tests (vitest.config.ts), so that both draw through the same files. Plain JavaScript: the bundler's script
// runs on Node without a TypeScript loader.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file of Ink's build: only its imports are replaced, never another package's of the same name. */
const INK_BUILD = /[\\/]node_modules[\\/]ink[\\/]build[\\/][\w-]+\.js$/;

/**
 * What Ink imports, and the file of ours it gets instead (see each for why and how it is checked): the Output
 * class that turns the laid-out tree into the frame's text, the widest-line it measures every text on screen
 * with on every frame, and the measure-text that lays texts out with it.
 */
export const INK_REPLACEMENTS = [
  { specifier: './output.js', by: 'fast-output.ts' },
  { specifier: 'widest-line', by: 'widest-line.ts' },
  { specifier: './measure-text.js', by: 'measure-text.ts' },
];

/** Matches every replaced specifier (a Go regexp too: esbuild filters with it before calling back). */
export const REPLACED_SPECIFIERS = new RegExp(
  `^(${INK_REPLACEMENTS.map(({ specifier }) => specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`,
);

/**
 * Ink's files that ours replace keep their own imports: nothing of the program loads them, only the tests that
 * compare ours with them (test/terminal), which must see Ink's own through and through.
 */
const REPLACED_FILES = INK_REPLACEMENTS.filter(({ specifier }) => specifier.startsWith('./')).map(({ specifier }) => specifier.slice(2));

/** The absolute path of our file for `specifier` imported by `importer`, or undefined when Ink keeps its own. */
export function inkReplacement(specifier, importer) {
  if (!importer || !INK_BUILD.test(importer) || REPLACED_FILES.includes(basename(importer))) return undefined;
  const replacement = INK_REPLACEMENTS.find((each) => each.specifier === specifier);
  return replacement ? fileURLToPath(new URL(`./${replacement.by}`, import.meta.url)) : undefined;
}
