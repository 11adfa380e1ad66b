/** What is wrong with a config file, said like a compiler says it: file, line, key, what is allowed. */
export interface ConfigProblem {
  file: string;
  /** 1-based; null when the problem is the file as a whole (unreadable, a directory...). */
  line: number | null;
  /** The dotted key ('keys.moveDown', 'theme'), or null for the file as a whole. */
  key: string | null;
  message: string;
}

/** `config.toml:12: keys.moveDown: "Ctrl+J" is the same key as Enter in a terminal`. */
export function formatProblem({ file, line, key, message }: ConfigProblem): string {
  return [file, ...(line === null ? [] : [String(line)])].join(':') + ': ' + (key === null ? '' : `${key}: `) + message;
}

/**
 * A key's path as TOML writes it: bare parts as they are, any other part quoted with its controls escaped
 * (`keys."\u001B]0;x"`), so that a key name holding ESC or BEL reads as what it is and acts on nothing.
 */
export function keyPath(path: readonly string[]): string {
  return path.map((part) => (/^[A-Za-z0-9_-]+$/.test(part) ? part : JSON.stringify(part))).join('.');
}

/** Reports a problem at a key, named by its path; the line is found in the text. */
export type Reporter = (path: readonly string[], message: string) => void;

/** A value as the file would write it. */
export const shown = (value: unknown): string =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value).replace('Infinity', 'inf') : (JSON.stringify(value) ?? String(value));
