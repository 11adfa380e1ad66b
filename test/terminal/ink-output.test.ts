import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { styledCharsFromTokens, tokenize } from '@alcalzone/ansi-tokenize';
import FastOutput from '../../src/terminal/fast-output.js';
import { styledChars } from '../../src/terminal/ink-output.js';
import { hiddenClassCount } from '../helpers/hidden-classes.js';

/** Ink's own Output class, from its file (the package exports only its entry point). */
async function loadInkOutput(): Promise<{ prototype: { get(): { output: string; height: number } } }> {
  const entry = createRequire(import.meta.url).resolve('ink');
  return ((await import(new URL('./output.js', pathToFileURL(entry)).href)) as { default: { prototype: { get(): { output: string; height: number } } } }).default;
}

interface OutputLike {
  write(x: number, y: number, text: string, options: { transformers: ((line: string, index: number) => string)[] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
}
type OutputClass = new (size: { width: number; height: number }) => OutputLike;

let InkOutput: OutputClass;

beforeAll(async () => {
  InkOutput = (await loadInkOutput()) as unknown as OutputClass;
});

const SGR = ['\u001B[1m', '\u001B[22m', '\u001B[31m', '\u001B[39m', '\u001B[7m', '\u001B[27m', '\u001B[0m', '\u001B[2m'];
const CHARACTERS = ['a', 'b', 'Z', ' ', '─', '━', '│', '╭', '·', '…', '›', 'é', '漢', '🎵', 'e\u0301', '\u0301', '\uFE0F', ...SGR];
const text = fc
  .array(fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 30 }).map((parts) => parts.join('')), { minLength: 1, maxLength: 3 })
  .map((lines) => lines.join('\n'));
const TRANSFORMERS = {
  none: [],
  upper: [(line: string) => line.toUpperCase()],
  inverse: [(line: string, index: number) => (index % 2 === 0 ? `\u001B[7m${line}\u001B[27m` : line)],
};

type Step =
  | { kind: 'write'; x: number; y: number; text: string; transformers: keyof typeof TRANSFORMERS }
  | { kind: 'clip'; x1?: number; x2?: number; y1?: number; y2?: number }
  | { kind: 'unclip' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('write' as const), x: fc.integer({ min: -3, max: 24 }), y: fc.integer({ min: -2, max: 8 }), text, transformers: fc.constantFrom('none', 'upper', 'inverse' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clip' as const), x1: fc.integer({ min: 0, max: 10 }), x2: fc.integer({ min: 5, max: 22 }), y1: fc.integer({ min: 0, max: 3 }), y2: fc.integer({ min: 2, max: 7 }) }, { requiredKeys: ['kind'] }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'unclip' as const }) },
);

function outputOf(Output: OutputClass, width: number, height: number, steps: Step[]): OutputLike {
  const output = new Output({ width, height });
  for (const each of steps) {
    if (each.kind === 'write') output.write(each.x, each.y, each.text, { transformers: TRANSFORMERS[each.transformers] });
    else if (each.kind === 'clip') output.clip(each);
    else output.unclip();
  }
  return output;
}

describe('FastOutput', () => {
  it("gives Ink's own frame for any writes, clips and transformers, frame after frame", () => {
    // Several frames in a row, some repeated, so that what one frame keeps is reused by the next.
    const frame = fc.record({ width: fc.integer({ min: 1, max: 20 }), height: fc.integer({ min: 0, max: 6 }), steps: fc.array(step, { maxLength: 12 }) });
    fc.assert(
      fc.property(fc.array(frame, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(3), { maxLength: 4 }), (frames, repeats) => {
        for (const each of [...frames, ...repeats.map((index) => frames[index % frames.length]!)]) {
          const fast = outputOf(FastOutput, each.width, each.height, each.steps).get();
          expect(fast).toEqual(outputOf(InkOutput, each.width, each.height, each.steps).get());
        }
      }),
      { seed: 20261121, numRuns: 600 },
    );
  });

  it('redraws the row that changed between two frames and keeps the one that did not', () => {
    const write = (text: string): Step[] => [{ kind: 'write', x: 0, y: 0, text, transformers: 'none' }];
    expect(outputOf(FastOutput, 10, 2, write('clock 0:01\nfixed')).get().output).toBe('clock 0:01\nfixed');
    expect(outputOf(FastOutput, 10, 2, write('clock 0:02\nfixed')).get().output).toBe('clock 0:02\nfixed');
  });

  it("makes of a line the characters and styles ansi-tokenize makes, one styles array for a run in one style", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 40 }), (parts) => {
        const line = parts.join('');
        expect(styledChars(line)).toEqual(styledCharsFromTokens(tokenize(line)));
      }),
      { seed: 20261124, numRuns: 400 },
    );
    const [a, b, c, d] = styledChars('\u001B[31mab\u001B[1mcd\u001B[0m');
    expect(a!.styles).toBe(b!.styles);
    expect(c!.styles).toBe(d!.styles);
    expect(b!.styles).not.toBe(c!.styles);
    expect(c!.styles.map((code) => code.code)).toEqual(['\u001B[31m', '\u001B[1m']);
  });

  it('gives the characters of many styled lines one hidden class between them', () => {
    const chars = Array.from({ length: 300 }, (_, index) => styledChars(`\u001B[7m row ${index} \u001B[27m·`)).flat();
    expect(chars).toHaveLength(2_890);
    expect(hiddenClassCount(chars)).toBe(1);
  });
});
