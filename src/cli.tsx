import { render, type RenderOptions } from 'ink';
import packageJson from '../package.json' with { type: 'json' };
import { parseCliArgs, USAGE, UsageError, type DashboardOptions } from './cli/args.js';
import { connect, StartError } from './cli/connect.js';
import { runLogin, runLogout } from './cli/login.js';
import { createKeyboard } from './cli/keyboard.js';
import { createScreen, type Screen } from './cli/screen.js';
import { runServe } from './service/serve.js';
import { App } from './ui/App.js';

/** Ink's render options; on a terminal, frames go through a Screen (see screen.ts for why). */
function renderOptions(screen: Screen | null): RenderOptions {
  const keyboard = process.stdin.isTTY ? { stdin: createKeyboard(process.stdin) } : {};
  const common = { exitOnCtrlC: false, patchConsole: false, ...keyboard } as const;
  return screen ? { ...common, stdout: screen.stream, debug: true } : { ...common, maxFps: 30 };
}

async function runDashboard(options: DashboardOptions): Promise<number> {
  const connection = await connect(options);
  const screen = process.stdout.isTTY ? createScreen(process.stdout, { maxFps: 30 }) : null;
  screen?.open();
  const instance = render(<App api={connection.api} />, renderOptions(screen));
  const stop = (): void => instance.unmount();
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGTERM', stop);
    process.off('SIGHUP', stop);
    screen?.close();
    await connection.close();
  }
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    if (argv[0] === 'login') return await runLogin(argv.slice(1));
    if (argv[0] === 'logout') return await runLogout(argv.slice(1));
    const command = parseCliArgs(argv, process.env);
    switch (command.kind) {
      case 'help':
        process.stdout.write(`${USAGE}\n`);
        return 0;
      case 'version':
        process.stdout.write(`${packageJson.version}\n`);
        return 0;
      case 'serve':
        return await runServe(command.argv);
      case 'dashboard':
        return await runDashboard(command.options);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`playdeck: ${error.message} (see playdeck --help)\n`);
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
