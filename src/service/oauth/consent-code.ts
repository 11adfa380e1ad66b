/**
 * The code that approving the consent page asks for (`playdeck serve` only): a short one-time code printed on
 * serve's own terminal (`consent_code=…`), so that only whoever sees that terminal can sign in, however many
 * others reach the port. Spent by the approval it allows (the next one is announced: serve prints it), and by
 * nothing else: wrong codes never replace it, or any process that reaches the port could keep the code its
 * owner reads from ever working. Guessing is bounded by attempts instead: each client address may try a few
 * wrong codes, then waits before each next try (1 s, doubled each time); past a few more wrong codes from all
 * addresses together, every try waits alike, however many addresses a guesser has. A try made while it must
 * wait is not checked at all. So a guesser's chance stays near one in a million a year (at most ~1.6 million
 * tries against 2^40 codes), while a person who mistypes a few times never waits.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';

/** No 0/O, 1/I: read off a terminal and typed into a browser without doubt. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** Wrong codes a client address may send before each next try waits. */
export const FREE_TRIES_PER_ADDRESS = 10;
/** Wrong codes from all addresses together before every try waits. */
export const FREE_TRIES_OVERALL = 30;
/**
 * The longest wait before a try, an address's own and everybody's: short, since the owner's browser may well
 * share the guesser's address (both on loopback) and waits it too; past the free tries a guesser gets one try a
 * minute for all its addresses.
 */
const LONGEST_WAIT_MS = 60_000;
/** Wrong tries are forgotten this long after the last one. */
export const TRIES_FORGOTTEN_AFTER_MS = 15 * 60_000;
/** Addresses remembered at most (the oldest forgotten first), so that a stream of new ones cannot grow it. */
const MAX_ADDRESSES = 10_000;

function newCode(): string {
  let code = '';
  for (let index = 0; index < LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person may type for `ABCD-EFGH`: any case, with or without the dash and spaces. */
const normalise = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');

/** `ok`: approved (the code is spent); `wrong`: counted; `wait`: too many wrong tries, this one not checked. */
export type ConsentCheck = { kind: 'ok' } | { kind: 'wrong' } | { kind: 'wait'; seconds: number };

interface WrongTries {
  count: number;
  lastAt: number;
}

/** How long `tries` make the next try wait from `now`: nothing for the first `free`, then 1 s doubled each time. */
function waitOf(tries: WrongTries | undefined, free: number, longest: number, now: number): number {
  if (tries === undefined || now - tries.lastAt >= TRIES_FORGOTTEN_AFTER_MS) return 0;
  const past = tries.count - free;
  if (past < 0) return 0;
  return Math.max(0, tries.lastAt + Math.min(longest, 1000 * 2 ** Math.min(past, 30)) - now);
}

export class ConsentCode {
  private code = newCode();
  private readonly byAddress = new Map<string, WrongTries>();
  private overall: WrongTries = { count: 0, lastAt: -Infinity };

  /** @param announce told of every new code (not of the first: read it with `current`). */
  constructor(private readonly announce: (code: string) => void = () => {}) {}

  /** The code to show, `ABCD-EFGH`. */
  get current(): string {
    return this.code;
  }

  /** `typed` as sent from `address` at `now` (ms): `ok` spends the code and announces the next one. */
  check(typed: string, address: string, now: number): ConsentCheck {
    const mine = this.byAddress.get(address);
    const wait = Math.max(
      waitOf(mine, FREE_TRIES_PER_ADDRESS, LONGEST_WAIT_MS, now),
      waitOf(this.overall, FREE_TRIES_OVERALL, LONGEST_WAIT_MS, now),
    );
    if (wait > 0) return { kind: 'wait', seconds: Math.ceil(wait / 1000) };
    const expected = Buffer.from(normalise(this.code));
    const given = Buffer.from(normalise(typed));
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      this.code = newCode();
      this.byAddress.delete(address);
      this.overall = { count: 0, lastAt: -Infinity };
      this.announce(this.code);
      return { kind: 'ok' };
    }
    this.overall = countWrong(this.overall, now);
    // Moved to the end: the map's first address is the one that tried longest ago.
    this.byAddress.delete(address);
    if (this.byAddress.size >= MAX_ADDRESSES) this.byAddress.delete(this.byAddress.keys().next().value!);
    this.byAddress.set(address, countWrong(mine, now));
    return { kind: 'wrong' };
  }
}

function countWrong(tries: WrongTries | undefined, now: number): WrongTries {
  const isForgotten = tries === undefined || now - tries.lastAt >= TRIES_FORGOTTEN_AFTER_MS;
  return { count: isForgotten ? 1 : tries.count + 1, lastAt: now };
}
