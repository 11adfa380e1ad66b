/**
 * `--token VALUE` as `--token=VALUE` for every option of `options` that takes a value: a value may start with a
 * dash (`--idle -`, and a random token now and then), which node's parseArgs refuses as ambiguous.
 */
export function joinOptionValues(argv: readonly string[], options: Readonly<Record<string, { type: 'string' | 'boolean' }>>): string[] {
  const takesValue = new Set(Object.entries(options).flatMap(([name, option]) => (option.type === 'string' ? [`--${name}`] : [])));
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (takesValue.has(word) && index + 1 < argv.length) joined.push(`${word}=${argv[++index]}`);
    else joined.push(word);
  }
  return joined;
}
