import packageJson from '../package.json' with { type: 'json' };
import { parseCliArgs, UsageError } from './cli/args.js';
import { USAGE } from './cli/usage.js';
import { StartError } from './cli/start-error.js';

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
      process.stderr.write(`playdeck: ${error.message} (see playdeck --help)\n`);
      return 2;
    }
    if (error instanceof Error && error.name === 'NotATerminalError') {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (error instanceof StartError) {
      process.stderr.write(`playdeck: ${error.message}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    process.stderr.write(`playdeck: ${message}\n`);
    return 1;
  }
}

// Exits explicitly: idle keep-alive sockets of the HTTP client must not hold the process open.
void main(process.argv.slice(2)).then((code) => process.exit(code));
