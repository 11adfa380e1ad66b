/**
 * OAuth parameters from a query string or a form body. RFC 6749 §3.1: a parameter must not be sent twice,
 * so duplicates are remembered for the caller to refuse; an empty value counts as absent.
 */
export interface OAuthParams {
  get(name: string): string | undefined;
  /** Names sent more than once. */
  duplicates: string[];
  /** Every parameter, first value of each, in the order sent. */
  entries: [string, string][];
}

export function parseOAuthParams(text: string): OAuthParams {
  const values = new Map<string, string>();
  const duplicates = new Set<string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (values.has(name)) duplicates.add(name);
    else values.set(name, value);
  }
  return {
    get: (name) => values.get(name) || undefined,
    duplicates: [...duplicates],
    entries: [...values],
  };
}

/** The query string of a request URL (without the `?`). */
export function queryOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index + 1);
}
