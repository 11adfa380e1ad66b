import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { checkSetting } from './kinds.js';
import { DEFAULT_SETTINGS, settingsIn, type Settings } from './settings.js';

export type MusicSettings = Settings['music'];

/**
 * The `[music]` section alone, read without the checker (which loads the action table): what `playdeck status`,
 * `serve` and a start need to know of the config, which catalog and database are the music folder's. A file or
 * a value that cannot be read says nothing here (the setting's default stands): the dashboard's full check
 * reports it.
 */
export function readMusicSettings(path: string): MusicSettings {
  let section: unknown;
  try {
    const text = readFileSync(path, 'utf8');
    // Most config files have no such section: not parsed then (`playdeck status` runs each second in some bars).
    if (!/^\s*\[\s*music\s*\]/m.test(text)) return DEFAULT_SETTINGS.music;
    section = parse(text.replace(/^\uFEFF/, ''), { maxDepth: 32 })['music'];
  } catch {
    return DEFAULT_SETTINGS.music;
  }
  if (typeof section !== 'object' || section === null) return DEFAULT_SETTINGS.music;
  const given = section as Record<string, unknown>;
  const values = settingsIn('music').map(([key, setting]) => {
    const checked = given[key] === undefined ? null : checkSetting(setting, given[key]);
    return [key, checked !== null && 'value' in checked ? checked.value : DEFAULT_SETTINGS.music[key as keyof MusicSettings]];
  });
  return Object.fromEntries(values) as MusicSettings;
}
