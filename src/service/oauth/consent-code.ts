/**
 * The code that approving the consent page asks for (`playdeck serve` only): a short one-time code printed on
 * serve's own terminal (`consent_code=…`), so that only whoever sees that terminal can sign in, however many
 * others reach the port. Spent by the approval it allows; a few wrong tries replace it too, so guessing its
 * 40 bits one form at a time never ends well. Every new code is announced (serve prints it).
 */
import { randomInt, timingSafeEqual } from 'node:crypto';

/** No 0/O, 1/I: read off a terminal and typed into a browser without doubt. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 8;
/** Wrong codes before the code is replaced. */
export const WRONG_TRIES = 5;

function newCode(): string {
  let code = '';
  for (let index = 0; index < LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person may type for `ABCD-EFGH`: any case, with or without the dash and spaces. */
const normalise = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');

export type ConsentCheck = 'ok' | 'wrong' | 'replaced';

export class ConsentCode {
  private code = newCode();
  private wrong = 0;

  /** @param announce told of every new code (not of the first: read it with `current`). */
  constructor(private readonly announce: (code: string) => void = () => {}) {}

  /** The code to show, `ABCD-EFGH`. */
  get current(): string {
    return this.code;
  }

  /**
   * `ok` spends the code (a new one is announced); `wrong` counts a try; `replaced` is the last wrong try of
   * this code: a new one is announced and the old one no longer works.
   */
  check(typed: string): ConsentCheck {
    const expected = Buffer.from(normalise(this.code));
    const given = Buffer.from(normalise(typed));
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      this.replace();
      return 'ok';
    }
    if (++this.wrong < WRONG_TRIES) return 'wrong';
    this.replace();
    return 'replaced';
  }

  private replace(): void {
    this.code = newCode();
    this.wrong = 0;
    this.announce(this.code);
  }
}
