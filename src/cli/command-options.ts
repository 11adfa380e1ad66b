import type { Config } from '../config/schema.js';

/** What the commands that run long (the dashboard, login) run with, as args.ts reads them from a command line. */

export type DashboardOptions = (
  /** Against another service; without a token, with the login `playdeck login` stored for its base URL. */
  | { kind: 'remote'; baseUrl: string; token?: string; tokenOnCommandLine?: true }
  /** On the embedded service, started in-process. */
  | { kind: 'embedded'; port?: number; db?: string; music?: MusicStart }
) & DashboardSettings;

/** A music folder as the embedded service's catalog (decisions §19): `--music DIR`, or `[music]` in the config. */
export interface MusicStart {
  folder: string;
  podcasts?: string | null;
  followOutsideLinks?: boolean;
}

export interface DashboardSettings {
  /** --config: the config file instead of $XDG_CONFIG_HOME/playdeck/config.toml (which must then exist). */
  configPath?: string;
  /** --no-mouse: no mouse reporting, whatever the config says. */
  noMouse?: boolean;
}

export interface LoginOptions {
  baseUrl: string;
  clientId?: string;
  authUrl?: string;
  /** Absent: the scopes the dashboard needs. */
  scopes?: string[];
  openBrowser: boolean;
  /** --insecure-http: log in over plain HTTP to a host other than this machine. */
  allowPlainHttp?: true;
}

/** The config file the dashboard starts with, read before anything heavy loads (run-dashboard.ts). */
export interface StartConfig {
  path: string;
  isExplicit: boolean;
  config: Config;
}
