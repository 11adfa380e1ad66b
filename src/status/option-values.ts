import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A command's options and words, strictly: what node's parseArgs refuses becomes `usageError` with its first
 * line, and an option's value may start with a dash (see joinOptionValues).
 */
export function parseOptions<O extends Options>(argv: readonly string[], options: O, usageError: (message: string) => Error) {
  try {
    return parseArgs({ args: joinOptionValues(argv, options), options, strict: true, allowPositionals: true });
  } catch (error) {
    throw usageError((error instanceof Error ? error.message : String(error)).split(/\.\s|\n/)[0]!.replace(/\.$/, ''));
  }
}

/**
 * `--token VALUE` as `--token=VALUE` for every option of `options` that takes a value: a value may start with a
 * dash (`--idle -`, and a random token now and then), which node's parseArgs refuses as ambiguous.
 */
function joinOptionValues(argv: readonly string[], options: Options): string[] {
  const takesValue = new Set(Object.entries(options).flatMap(([name, option]) => (option.type === 'string' ? [`--${name}`] : [])));
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (takesValue.has(word) && index + 1 < argv.length) joined.push(`${word}=${argv[++index]}`);
    else joined.push(word);
  }
  return joined;
}
