/** Where the bearer token comes from, and the single-flight refresh after a 401. */

/**
 * Supplies access tokens. `token()` is asked before every request (cache inside if it is costly); after
 * `refresh()` resolves with a token, `token()` must return that token too. `refresh()` resolves null, or
 * rejects with the reason (an `ApiError` the refused request then ends with), when no new token can be had.
 */
export interface TokenProvider {
  token(): Promise<string>;
  refresh?(): Promise<string | null>;
}

/** A provider for a fixed token, e.g. `--token` on the command line: a 401 cannot be recovered from. */
export function staticToken(token: string): TokenProvider {
  return { token: async () => token };
}

export interface TokenSource {
  current(): Promise<string>;
  /**
   * A token to retry with after `rejected` was refused, or null when there is none. Concurrent callers
   * share one refresh; a caller whose token was already replaced gets the newer one without refreshing.
   */
  replace(rejected: string): Promise<string | null>;
  /** Why the last refresh gave no token (an `ApiError` saying to log in again, say); null after a success. */
  refreshFailure(): unknown;
}

export function createTokenSource(provider: TokenProvider): TokenSource {
  let refreshing: Promise<string | null> | null = null;
  let failure: unknown = null;
  const refreshOnce = (): Promise<string | null> => {
    refreshing ??= Promise.resolve()
      .then(() => provider.refresh?.())
      // A refresh that fails is, to the caller, no different from one that yields nothing; its reason is kept
      // for the error the refused request ends with.
      .then(
        (token) => {
          failure = null;
          return token ?? null;
        },
        (error: unknown) => {
          failure = error;
          return null;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };
  return {
    async current() {
      // Requests that start during a refresh wait for it instead of spending the old token.
      if (refreshing) await refreshing;
      return provider.token();
    },
    refreshFailure: () => failure,
    async replace(rejected) {
      if (!provider.refresh) return null;
      if (refreshing) return refreshing;
      const latest = await provider.token();
      if (latest !== rejected) return latest;
      return refreshOnce();
    },
  };
}
