/**
 * `compute` remembered for its last `limit` distinct inputs (the oldest forgotten first): a view that draws
 * the same text on every render pays for it once.
 */
export function remembered<R>(limit: number, compute: (input: string) => R): (input: string) => R {
  const results = new Map<string, R>();
  return (input) => {
    if (results.has(input)) return results.get(input)!;
    const result = compute(input);
    if (results.size >= limit) results.delete(results.keys().next().value!);
    results.set(input, result);
    return result;
  };
}
