import { readMusicSettings } from '../config/music-settings.js';
import type { MusicStart } from './command-options.js';

/**
 * The music folder a start serves: `--music DIR`, else the config's `[music] folder`; its podcasts folder and
 * links from the config either way. Undefined: the demo catalog.
 */
export function musicToServe(given: MusicStart | undefined, configPath: string): MusicStart | undefined {
  const settings = readMusicSettings(configPath);
  const folder = given?.folder ?? settings.folder;
  if (folder === undefined) return undefined;
  return { folder, podcasts: settings.podcasts ?? null, followOutsideLinks: settings.follow_outside_links };
}
