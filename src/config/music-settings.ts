import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * The `[music]` section alone, read without the checker (which loads the action table): what `playdeck status`,
 * `serve` and the start frame need to know of the config, which database the music folder's is. A file that
 * cannot be read or parsed says nothing here: the dashboard's full read reports it.
 */
export interface MusicSettings {
  /** The music folder (`~` allowed); null: the demo catalog. */
  folder: string | null;
  /** The podcasts folder; null: a `Podcasts` folder inside the music folder, when there is one. */
  podcasts: string | null;
  followOutsideLinks: boolean;
}

export const NO_MUSIC: MusicSettings = { folder: null, podcasts: null, followOutsideLinks: false };

export function readMusicSettings(path: string): MusicSettings {
  let section: unknown;
  try {
    const text = readFileSync(path, 'utf8');
    // Most config files have no such section: not parsed then (`playdeck status` runs each second in some bars).
    if (!/^\s*\[\s*music\s*\]/m.test(text)) return NO_MUSIC;
    section = parse(text.replace(/^\uFEFF/, ''), { maxDepth: 32 })['music'];
  } catch {
    return NO_MUSIC;
  }
  return musicSettingsOf(section);
}

/** The settings a `[music]` table gives, what is not of its type left out. */
export function musicSettingsOf(section: unknown): MusicSettings {
  if (typeof section !== 'object' || section === null) return NO_MUSIC;
  const table = section as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return { folder: text(table['folder']), podcasts: text(table['podcasts']), followOutsideLinks: table['follow_outside_links'] === true };
}
