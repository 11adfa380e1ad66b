/**
 * Where the dashboard starts its desktop side (desktop.ts): only on a session bus, and only once it shows
 * what plays, so that neither its start nor the first frame waits for the bus or loads the D-Bus library
 * (desktop.ts imports it then, session-bus.ts).
 * Without a session bus (SSH, a container) nothing happens but one line in the log.
 */
import type { DashboardBridge } from '../status/player-bridge.js';
import { startDesktop, type Desktop, type DesktopSettings } from './desktop.js';

export interface DesktopStart {
  bridge: DashboardBridge;
  env: NodeJS.ProcessEnv;
  settings(): DesktopSettings;
  cacheDir: string | null;
  log(line: string): void;
}

export interface DesktopHandle {
  /** The config changed (MPRIS or notifications turned on or off). */
  apply(): void;
  close(): void;
}

/** The first address of DBUS_SESSION_BUS_ADDRESS (a list): the library would warn on the terminal for each that failed. */
function busAddress(env: NodeJS.ProcessEnv): string | null {
  const first = env.DBUS_SESSION_BUS_ADDRESS?.split(';')[0]?.trim();
  return first ? first : null;
}

export function startDesktopLater({ bridge, env, settings, cacheDir, log }: DesktopStart): DesktopHandle {
  const address = busAddress(env);
  if (address === null) {
    const wanted = settings();
    if (wanted.mpris || wanted.notify) log('desktop: no session bus (DBUS_SESSION_BUS_ADDRESS is unset): no media keys, players widgets or notifications');
    return { apply: () => undefined, close: () => undefined };
  }
  let desktop: Desktop | null = null;
  let isClosed = false;
  let isStarting = false;
  const start = (): void => {
    if (isStarting || isClosed || !(settings().mpris || settings().notify)) return;
    isStarting = true;
    void startDesktop({ address, bridge, settings, cacheDir, log })
      .then((started) => {
        if (isClosed) started?.close();
        else desktop = started;
      })
      .catch((error: unknown) => log(`desktop: ${error instanceof Error ? error.message : String(error)}`));
  };
  // Once the dashboard has heard from the player (its first frame of what plays is out), not before.
  const unsubscribe = bridge.subscribe(() => {
    if (bridge.snapshot() === null) return;
    unsubscribe();
    setImmediate(start);
  });
  return {
    apply() {
      if (desktop !== null) desktop.apply();
      else if (bridge.snapshot() !== null) start();
    },
    close() {
      isClosed = true;
      unsubscribe();
      desktop?.close();
    },
  };
}
