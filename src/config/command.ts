import { parseArgs } from 'node:util';
import { defaultConfigText } from './default-file.js';
import { formatProblem } from './problems.js';
import { defaultConfigPath, readConfig } from './read.js';
import { printable } from '../text/printed.js';

export const CONFIG_USAGE = `Usage:
  playdeck config check [--config PATH]   check the config file (default: $XDG_CONFIG_HOME/playdeck/config.toml)
  playdeck config default                 print a config file with every option at its default`;

interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const STDIO: Output = {
  // Problems name the file's keys and values, which may hold ESC or BEL: printed as the panes show text.
  stdout: (text) => process.stdout.write(printable(text)),
  stderr: (text) => process.stderr.write(printable(text)),
};

/** `playdeck config check|default`: returns the exit code (2 for a bad command line or a config with problems). */
export async function runConfigCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, output: Output = STDIO): Promise<number> {
  const usage = (message: string): number => {
    output.stderr(`playdeck config: ${message}\n${CONFIG_USAGE}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { config: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    return usage(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  const [subcommand, ...extra] = parsed.positionals;
  if (extra.length > 0) return usage(`unexpected ${JSON.stringify(extra[0])}`);
  if (subcommand === 'default') {
    if (parsed.values.config !== undefined) return usage('default takes no --config');
    output.stdout(defaultConfigText());
    return 0;
  }
  if (subcommand !== 'check') return usage(subcommand === undefined ? 'say check or default' : `unknown command ${JSON.stringify(subcommand)}`);
  if (parsed.values.config === '') return usage('--config needs a path');
  const path = parsed.values.config ?? defaultConfigPath(env);
  const { problems, exists } = await readConfig(path, { isExplicit: parsed.values.config !== undefined });
  if (problems.length > 0) {
    output.stderr(problems.map((problem) => `${formatProblem(problem)}\n`).join(''));
    return 2;
  }
  output.stdout(exists ? `config OK: ${path}\n` : `config OK: ${path} (no file there: every option at its default)\n`);
  return 0;
}
