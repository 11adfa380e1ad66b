/**
 * A bearer token given to a command: `PLAYDECK_TOKEN`, `--token-file PATH`, `--token -` (read from stdin) or,
 * kept for the scripts that use it, `--token TOKEN`, which every user of the machine can read in `ps`.
 */
import { readFileSync } from 'node:fs';

/** Said on stderr (when it is a terminal) for a token on the command line itself. */
export const TOKEN_IN_PS_WARNING = 'playdeck: warning: a --token on the command line is visible to every user (ps); use PLAYDECK_TOKEN or --token-file';

export interface TokenWords {
  /** `--token`'s value: the token, or `-` for stdin. */
  token?: string;
  tokenFile?: string;
  env: Record<string, string | undefined>;
  /** Whether stdin is free to hold the token (not the dashboard's keyboard). */
  stdinAllowed: boolean;
  /** Reads a file or stdin (0); readFileSync by default. */
  read?: (path: string | 0) => string;
}

export type TokenInput = { token?: string; isOnCommandLine: boolean } | { problem: string };

const readText = (path: string | 0): string => readFileSync(path, 'utf8');

/** The token the words name, or what is wrong with them (a usage error: one line, exit code 2). */
export function readTokenInput({ token, tokenFile, env, stdinAllowed, read = readText }: TokenWords): TokenInput {
  if (token !== undefined && tokenFile !== undefined) return { problem: '--token and --token-file are one choice: give one' };
  if (token === '-' && !stdinAllowed) return { problem: '--token - reads stdin, which the dashboard needs for its keys: use --token-file PATH or PLAYDECK_TOKEN' };
  if (token !== undefined && token !== '-') return { token, isOnCommandLine: true };
  if (token === undefined && tokenFile === undefined) return { token: env['PLAYDECK_TOKEN'] || undefined, isOnCommandLine: false };
  const source = tokenFile ?? 0;
  let text: string;
  try {
    text = read(source);
  } catch (error) {
    return { problem: `cannot read the token from ${source === 0 ? 'stdin' : source}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  // A file or a pipe ends with a newline; a token never holds white space.
  const found = text.trim();
  if (found === '' || /\s/.test(found)) return { problem: `${source === 0 ? 'stdin' : source} holds no token (one line, no spaces)` };
  return { token: found, isOnCommandLine: false };
}
