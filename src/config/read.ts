import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { checkConfigText, type CheckedConfig } from './check.js';
import { DEFAULT_CONFIG } from './schema.js';

export { defaultConfigPath } from './path.js';

/** Larger than any config anyone writes; bigger files are refused before they are read. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface ReadConfig extends CheckedConfig {
  /** False when there is no file: the defaults apply, as without a config. */
  exists: boolean;
}

export interface ReadOptions {
  /** Named on the command line (`--config`): a missing file is then a problem, not the defaults. */
  isExplicit?: boolean;
}

function whole(path: string, message: string): ReadConfig {
  return { config: DEFAULT_CONFIG, problems: [{ file: path, line: null, key: null, message }], exists: true };
}

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

/** Reads and checks the config at `path`; never throws: what goes wrong is one problem naming the file. */
export async function readConfig(path: string, options: ReadOptions = {}): Promise<ReadConfig> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return whole(path, 'is a directory, not a config file');
    if (!info.isFile()) return whole(path, 'is not a regular file');
    if (info.size > MAX_CONFIG_BYTES) return whole(path, `is ${(info.size / 1024 / 1024).toFixed(1)} MB; a config file is at most 1 MB`);
    const bytes = await readFile(path);
    if (bytes.length > MAX_CONFIG_BYTES) return whole(path, 'grew past 1 MB while being read');
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return whole(path, 'is not UTF-8 text, so not TOML');
    }
    return { ...checkConfigText(text.replace(/^\uFEFF/, ''), path), exists: true };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return options.isExplicit === true ? whole(path, 'does not exist') : { config: DEFAULT_CONFIG, problems: [], exists: false };
    }
    if (code === 'EACCES' || code === 'EPERM') return whole(path, 'cannot be read: permission denied');
    return whole(path, `cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}
