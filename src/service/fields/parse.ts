import { EMPTY_SELECTION, unionOfSelections, type FieldRule, type FieldSelection } from './selection.js';

const MAX_LENGTH = 1024;
const MAX_DEPTH = 16;

/** A `fields` value that does not parse; the message names the 0-based position where that applies. */
export class FieldsError extends Error {
  constructor(
    reason: string,
    readonly position?: number,
  ) {
    super(`Invalid fields: ${reason}${position === undefined ? '' : ` at position ${position}`}`);
    this.name = 'FieldsError';
  }
}

/**
 * Parses the grammar below by recursive descent; a name's depth counts both dots and parentheses.
 *   selection := group end
 *   group     := '!' name (',' '!'? name)*      exclusion: drop these, keep the rest
 *              | path (',' path)*               inclusion: keep only these
 *   path      := name ('.' path | '(' group ')')?
 *   name      := [A-Za-z0-9_]+
 */
export function parseFields(input: string): FieldSelection {
  if (input.length > MAX_LENGTH) throw new FieldsError(`longer than ${MAX_LENGTH} characters`);
  return new FieldsParser(input).parse();
}

class FieldsParser {
  private position = 0;

  constructor(private readonly input: string) {}

  parse(): FieldSelection {
    const selection = this.group(1);
    if (this.position < this.input.length) {
      throw this.peek() === ')' ? new FieldsError('unbalanced parenthesis', this.position) : this.unexpected();
    }
    return selection;
  }

  private group(depth: number): FieldSelection {
    if (this.peek() === '!') return this.exclusionGroup(depth);
    let selection = EMPTY_SELECTION;
    do {
      if (this.peek() === '!') throw new FieldsError("'!' can only start a group", this.position);
      selection = unionOfSelections(selection, this.path(depth));
    } while (this.comma());
    return selection;
  }

  private exclusionGroup(depth: number): FieldSelection {
    const fields = new Map<string, FieldRule>();
    do {
      if (this.peek() === '!') this.position++;
      fields.set(this.name(depth), 'drop');
      if (this.peek() === '.' || this.peek() === '(') {
        throw new FieldsError('an excluded field must be a plain name', this.position);
      }
    } while (this.comma());
    return { others: 'keep', fields };
  }

  private path(depth: number): FieldSelection {
    const name = this.name(depth);
    let rule: FieldRule = 'keep';
    if (this.peek() === '.') {
      this.position++;
      rule = this.path(depth + 1);
    } else if (this.peek() === '(') {
      rule = this.parenthesized(depth + 1);
    }
    return { others: 'drop', fields: new Map([[name, rule]]) };
  }

  private parenthesized(depth: number): FieldSelection {
    const opening = this.position++;
    const selection = this.group(depth);
    if (this.peek() === ')') {
      this.position++;
      return selection;
    }
    throw this.position === this.input.length ? new FieldsError('unbalanced parenthesis', opening) : this.unexpected();
  }

  private name(depth: number): string {
    const start = this.position;
    if (depth > MAX_DEPTH) throw new FieldsError(`nesting deeper than ${MAX_DEPTH}`, start);
    while (this.position < this.input.length && isNameCharacter(this.input.charCodeAt(this.position))) this.position++;
    if (this.position > start) return this.input.slice(start, this.position);
    const next = this.peek();
    if (next === undefined || next === ',' || next === '.' || next === '(' || next === ')') {
      throw new FieldsError('empty name', start);
    }
    throw this.unexpected();
  }

  /** Consumes a separating comma; one with nothing after it is an error of its own. */
  private comma(): boolean {
    if (this.peek() !== ',') return false;
    const comma = this.position++;
    if (this.peek() === undefined || this.peek() === ')') throw new FieldsError('trailing comma', comma);
    return true;
  }

  private peek(): string | undefined {
    return this.input[this.position];
  }

  private unexpected(): FieldsError {
    const character = String.fromCodePoint(this.input.codePointAt(this.position) ?? 0);
    return new FieldsError(`unexpected character ${JSON.stringify(character)}`, this.position);
  }
}

function isNameCharacter(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 95 // _
  );
}
