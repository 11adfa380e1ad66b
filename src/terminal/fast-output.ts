import { fastGet, type Clip, type InkOutput, type Operation, type Transformer } from './ink-output.js';

/**
 * Ink's Output class (ink/build/output.js) as Ink gets it in the bundle and in the tests (ink-replacements.mjs):
 * operations recorded as Ink records them, the frame made by `fastGet`. A default export because Ink's renderer
 * imports one.
 */
export default class FastOutput implements InkOutput {
  readonly width: number;
  readonly height: number;
  readonly operations: Operation[] = [];

  constructor({ width, height }: { width: number; height: number }) {
    this.width = width;
    this.height = height;
  }

  write(x: number, y: number, text: string, { transformers }: { transformers: Transformer[] }): void {
    if (!text) return;
    this.operations.push({ type: 'write', x, y, text, transformers });
  }

  clip(clip: Clip): void {
    this.operations.push({ type: 'clip', clip });
  }

  unclip(): void {
    this.operations.push({ type: 'unclip' });
  }

  get(): { output: string; height: number } {
    return fastGet.call(this);
  }
}
