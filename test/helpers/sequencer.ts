import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that spend minutes waiting on the clock (a soak of fixed length, windows in which requests are
 * counted): started first, so that the rest of the suite runs beside them instead of after them.
 */
export const LONG_WAITS = ['test/e2e/soak.test.ts', 'test/e2e/faults.test.ts'];

/** A file that starts programs (the built program, in tmux or as a child): most of its time is spent waiting on them. */
const STARTS_PROGRAMS = /from '(?:node:child_process|[./]+helpers\/(?:serve-child|e2e-dashboard|tmux)\.js)'/;

/**
 * The order in which files are handed to the workers: the long waits; the files that run alone (their own
 * modules, see vitest.config.ts); the files that start programs, which leave the cores mostly free; then the
 * in-process tests, which fill them. Within each part, Vitest's own order: the longest last time first, or the
 * largest file on a first run.
 */
export class LongWaitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const part = (spec: TestSpecification): number => {
      const path = spec.moduleId.slice(spec.project.config.root.length + 1).replaceAll('\\', '/');
      const longWait = LONG_WAITS.indexOf(path);
      if (longWait !== -1) return longWait;
      if (spec.project.config.isolate) return LONG_WAITS.length;
      return STARTS_PROGRAMS.test(readFileSync(spec.moduleId, 'utf8')) ? LONG_WAITS.length + 1 : LONG_WAITS.length + 2;
    };
    const parts = new Map(sorted.map((spec) => [spec, part(spec)]));
    // Array.prototype.sort is stable: Vitest's order holds within a part.
    return sorted.sort((a, b) => parts.get(a)! - parts.get(b)!);
  }
}
