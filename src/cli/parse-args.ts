/**
 * Reads a command line against the table of args.ts: which command, its option values and words, or help or
 * the version.
 */
import { COMMANDS, OPTIONS, UsageError, type CommandInput, type Env, type OptionName, type OptionSpec } from './args.js';

/** What the command line asks for: help, the version, or a command with what it read. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'run'; name: string; value: unknown; run(): Promise<number> };

function isOption(name: string): name is OptionName {
  return Object.hasOwn(OPTIONS, name);
}

/**
 * Splits `argv` into option values and words. `--name value` and `--name=value` both work, and a value may
 * start with a dash (random tokens do now and then).
 */
function splitWords(argv: readonly string[], allowed: ReadonlySet<OptionName>, name: string): CommandInput | 'help' | 'version' {
  const input: CommandInput = { values: {}, words: [] };
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (word === '-h' || word === '--help') return 'help';
    if (word === '-v' || word === '--version') return 'version';
    if (word === '--') {
      input.words.push(...argv.slice(index + 1));
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      input.words.push(word);
      continue;
    }
    const equals = word.indexOf('=');
    const option = word.slice(2, equals > 0 ? equals : undefined);
    if (!word.startsWith('--') || !isOption(option)) throw new UsageError(`unknown option ${word.slice(0, equals > 0 ? equals : undefined)}`);
    if (!allowed.has(option)) throw new UsageError(`--${option} is not an option of playdeck${name ? ` ${name}` : ''}`);
    const spec: OptionSpec = OPTIONS[option];
    if (!spec.value) {
      if (equals > 0) throw new UsageError(`--${option} takes no value`);
      input.values[option] = true;
      continue;
    }
    const value = equals > 0 ? word.slice(equals + 1) : argv[++index];
    if (value === undefined || value === '') throw new UsageError(`--${option} needs a value (${spec.value})`);
    input.values[option] = value;
  }
  return input;
}

/** Reads `argv` (without node and the script) and the environment; throws UsageError. */
export function parseCliArgs(argv: readonly string[], env: Env): CliCommand {
  const named = COMMANDS.find((spec) => spec.name !== '' && (spec.name === argv[0] || spec.aliases?.includes(argv[0]!)));
  const spec = named ?? COMMANDS[0]!;
  if (spec.readsOwnArguments) {
    const value = spec.read({ values: {}, words: [...argv] }, env);
    return { kind: 'run', name: spec.name, value, run: () => spec.run(value) };
  }
  const input = splitWords(named ? argv.slice(1) : argv, new Set(spec.options), spec.name);
  if (input === 'help' || input === 'version') return { kind: input };
  const value = spec.read(input, env);
  return { kind: 'run', name: spec.name, value, run: () => spec.run(value) };
}
