import fc from 'fast-check';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import measureText from '../../src/terminal/measure-text.js';

type Measure = (text: string) => { width: number; height: number };
let inkMeasureText: Measure;

beforeAll(async () => {
  // Ink's own, from its file (the package exports only its entry point).
  const entry = createRequire(import.meta.url).resolve('ink');
  inkMeasureText = ((await import(new URL('./measure-text.js', pathToFileURL(entry)).href)) as { default: Measure }).default;
});

describe('measureText', () => {
  it("measures as Ink's measure-text does (seed 8, 300 runs)", () => {
    const text = fc
      .array(fc.constantFrom('a', ' ', '…', '━', '漢', '🎵', 'e\u0301', '\n', '\u001B[1m'), { maxLength: 30 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (each) => {
        expect(measureText(each)).toEqual(inkMeasureText(each));
      }),
      { seed: 8, numRuns: 300 },
    );
  });
});
