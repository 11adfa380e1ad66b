/**
 * Answers of the terminal to a question the program asked (kitty.ts's KITTY_QUERY), which arrive among the
 * keys as APC strings, `ESC _ … ESC \`: taken out of the input before it is split into keys, so that an
 * answer is never typed (`G`, `=`, digits are all keys here). An answer cut across two reads is held back
 * until its end comes, or until `flush` (Alt+_ is ESC _ too: held text that never ends is keys after all).
 */

const ESC = '\u001B';
const START = `${ESC}_`;
const END = `${ESC}\\`;
/** Longer than any answer we ask for; a held start longer than this is not one. */
const MAX_ANSWER_LENGTH = 256;

export interface AnswerSplit {
  /** The input without answers, for the mouse reader and the key splitter. */
  keys: string;
  answers: string[];
}

export class AnswerReader {
  private held = '';

  read(chunk: string): AnswerSplit {
    let text = this.held + chunk;
    this.held = '';
    const answers: string[] = [];
    let keys = '';
    for (;;) {
      const start = text.indexOf(START);
      if (start === -1) break;
      const end = text.indexOf(END, start + START.length);
      if (end === -1) {
        if (text.length - start <= MAX_ANSWER_LENGTH) {
          this.held = text.slice(start);
          text = text.slice(0, start);
        }
        break;
      }
      keys += text.slice(0, start);
      answers.push(text.slice(start, end + END.length));
      text = text.slice(end + END.length);
    }
    return { keys: keys + text, answers };
  }

  get hasHeld(): boolean {
    return this.held !== '';
  }

  /** What was held, as keys: no end came, so it was not an answer. */
  flush(): string {
    const held = this.held;
    this.held = '';
    return held;
  }
}
