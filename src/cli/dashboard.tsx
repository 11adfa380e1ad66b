import { render, type RenderOptions } from 'ink';
import type { DashboardOptions } from './args.js';
import { connect } from './connect.js';
import { installFastInkOutput } from './ink-output.js';
import { createKeyboard } from './keyboard.js';
import { createScreen, type Screen } from './screen.js';
import { App } from '../ui/App.js';

/** Ink's render options; on a terminal, frames go through a Screen (see screen.ts for why). */
function renderOptions(screen: Screen | null): RenderOptions {
  const keyboard = process.stdin.isTTY ? { stdin: createKeyboard(process.stdin) } : {};
  const common = { exitOnCtrlC: false, patchConsole: false, ...keyboard } as const;
  return screen ? { ...common, stdout: screen.stream, debug: true } : { ...common, maxFps: 30 };
}

/** The dashboard until the user quits: on the embedded service, or on the one `options` name. */
export async function runDashboard(options: DashboardOptions): Promise<number> {
  const [connection] = await Promise.all([connect(options), installFastInkOutput()]);
  const screen = process.stdout.isTTY ? createScreen(process.stdout, { maxFps: 30 }) : null;
  screen?.open();
  const instance = render(<App api={connection.api} liveLines={screen?.liveLines ?? null} />, renderOptions(screen));
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
