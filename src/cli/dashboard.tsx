import { render, type Instance, type RenderOptions } from 'ink';
import type { Api } from '../api/api.js';
import type { DashboardOptions } from './args.js';
import { connect } from './connect.js';
import { growHeapSlowly } from './heap-flags.js';
import { createKeyboard, createScreen, type Screen } from '../terminal/index.js';
import { App } from '../ui/App.js';

export interface Terminal {
  output: NodeJS.WriteStream;
  input: NodeJS.ReadStream;
}

export interface MountedDashboard {
  instance: Instance;
  /** Where frames go on a terminal (see src/terminal/screen.ts for why); null when the output is not one. */
  screen: Screen | null;
}

/**
 * The dashboard's tree rendered by Ink onto `terminal`, wired as on a real one: frames through a Screen with
 * the clock's live lines, keys split one per turn. `inkOptions` adds to Ink's options (the key benchmark reads
 * its render times).
 */
export function mountDashboard(api: Api, terminal: Terminal, inkOptions: Partial<RenderOptions> = {}): MountedDashboard {
  const screen = terminal.output.isTTY ? createScreen(terminal.output, { maxFps: 30 }) : null;
  screen?.open();
  const keyboard = terminal.input.isTTY ? { stdin: createKeyboard(terminal.input) } : {};
  const common = { exitOnCtrlC: false, patchConsole: false, ...keyboard, ...inkOptions } as const;
  const options: RenderOptions = screen ? { ...common, stdout: screen.stream, debug: true } : { ...common, maxFps: 30 };
  const instance = render(<App api={api} liveLines={screen?.liveLines ?? null} />, options);
  return { instance, screen };
}

/** The dashboard until the user quits: on the embedded service, or on the one `options` name. */
export async function runDashboard(options: DashboardOptions): Promise<number> {
  growHeapSlowly();
  const connection = await connect(options);
  const { instance, screen } = mountDashboard(connection.api, { output: process.stdout, input: process.stdin });
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
