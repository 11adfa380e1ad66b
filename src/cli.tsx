import packageJson from '../package.json' with { type: 'json' };
import { UsageError } from './cli/args.js';
import { parseCliArgs } from './cli/parse-args.js';
import { USAGE } from './cli/usage.js';
import { StartError } from './cli/start-error.js';
import { printLine } from './text/printed.js';

// Each command loads only what it runs: `--version` or `serve` need neither Ink nor the client.

// React and Ink pick their build by NODE_ENV when first loaded. Unset, that is the development build: slower,
// and React 19's records a performance measure per render that Node keeps for good (memory that grows all day).
process.env['NODE_ENV'] ??= 'production';

async function main(argv: readonly string[]): Promise<number> {
  try {
    const command = parseCliArgs(argv, process.env);
    switch (command.kind) {
      case 'help':
        process.stdout.write(`${USAGE}\n`);
        return 0;
      case 'version':
        process.stdout.write(`${packageJson.version}\n`);
        return 0;
      case 'run':
        return await command.run();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      printLine(process.stderr, `playdeck: ${error.message} (see playdeck --help)`);
      return 2;
    }
    if (error instanceof Error && error.name === 'NotATerminalError') {
      printLine(process.stderr, error.message);
      return 2;
    }
    if (error instanceof StartError) {
      printLine(process.stderr, `playdeck: ${error.message}`);
      return 1;
    }
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    printLine(process.stderr, `playdeck: ${message}`);
    return 1;
  }
}

// Exits explicitly: idle keep-alive sockets of the HTTP client must not hold the process open.
void main(process.argv.slice(2)).then((code) => process.exit(code));
