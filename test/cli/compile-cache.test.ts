import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enableCompileCache, type CompileCacheHost } from '../../src/cli/compile-cache.js';

let dir: string;
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const hostThatEnables = () => ({ enableCompileCache: vi.fn((directory?: string) => ({ status: 1, directory })) });

describe('the compile cache', () => {
  it('is kept in the user\'s cache folder (XDG), made owner-only, where Node has it', () => {
    dir = mkdtempSync(join(tmpdir(), 'playdeck-compile-cache-'));
    const host = hostThatEnables();
    const used = enableCompileCache({ XDG_CACHE_HOME: dir }, host);
    expect(used).toBe(join(dir, 'playdeck', 'compile-cache'));
    expect(host.enableCompileCache).toHaveBeenCalledWith(join(dir, 'playdeck', 'compile-cache'));
    expect(statSync(used!).mode & 0o777).toBe(0o700);
  });

  it('does nothing on a Node without it (Node 20), nor when NODE_DISABLE_COMPILE_CACHE says so', () => {
    dir = mkdtempSync(join(tmpdir(), 'playdeck-compile-cache-'));
    expect(enableCompileCache({ XDG_CACHE_HOME: dir }, {})).toBeNull();
    const host = hostThatEnables();
    expect(enableCompileCache({ XDG_CACHE_HOME: dir, NODE_DISABLE_COMPILE_CACHE: '1' }, host)).toBeNull();
    expect(host.enableCompileCache).not.toHaveBeenCalled();
    expect(statSync(join(dir, 'playdeck'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('takes the folder NODE_COMPILE_CACHE names, as Node does', () => {
    dir = mkdtempSync(join(tmpdir(), 'playdeck-compile-cache-'));
    const host = hostThatEnables();
    expect(enableCompileCache({ XDG_CACHE_HOME: dir, NODE_COMPILE_CACHE: join(dir, 'mine') }, host)).toBe(join(dir, 'mine'));
  });

  it('never stops a start: a folder that cannot be made, one under /proc, a refusal or a throw only cost the cache', () => {
    dir = mkdtempSync(join(tmpdir(), 'playdeck-compile-cache-'));
    writeFileSync(join(dir, 'a-file'), '');
    const host = hostThatEnables();
    expect(enableCompileCache({ XDG_CACHE_HOME: join(dir, 'a-file') }, host)).toBeNull();
    // A recursive mkdir never returns under /proc (ENOENT for every new entry): made one folder at a time, it fails.
    expect(enableCompileCache({ XDG_CACHE_HOME: '/proc/playdeck-no-such-folder' }, host)).toBeNull();
    expect(host.enableCompileCache).not.toHaveBeenCalled();
    const refusing: CompileCacheHost = { enableCompileCache: () => ({ status: 0, message: 'Cannot create cache directory' }) };
    expect(enableCompileCache({ XDG_CACHE_HOME: dir }, refusing)).toBeNull();
    const throwing: CompileCacheHost = {
      enableCompileCache: () => {
        throw new Error('boom');
      },
    };
    expect(enableCompileCache({ XDG_CACHE_HOME: dir }, throwing)).toBeNull();
  });

  // Node runs what it finds there: a folder someone else could have written into is not used (checked here on any
  // Node, through a host that would enable the cache).
  it("is used only where nobody else can have written: not another user's folder, a symbolic link or one others may write", () => {
    dir = mkdtempSync(join(tmpdir(), 'playdeck-compile-cache-'));
    const folder = join(dir, 'playdeck', 'compile-cache');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const host = hostThatEnables();
    chmodSync(folder, 0o777);
    expect(enableCompileCache({ XDG_CACHE_HOME: dir }, host)).toBeNull();
    chmodSync(folder, 0o720);
    expect(enableCompileCache({ XDG_CACHE_HOME: dir }, host)).toBeNull();
    chmodSync(folder, 0o700);
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    expect(enableCompileCache({ XDG_CACHE_HOME: dir, NODE_COMPILE_CACHE: join(dir, 'link') }, host)).toBe(join(dir, 'link'));
    rmSync(join(dir, 'link'), { recursive: true });
    symlinkSync(elsewhere, join(dir, 'link'));
    expect(enableCompileCache({ XDG_CACHE_HOME: dir, NODE_COMPILE_CACHE: join(dir, 'link') }, host)).toBeNull();
    vi.spyOn(process, 'getuid').mockReturnValue(process.getuid!() + 1);
    expect(enableCompileCache({ XDG_CACHE_HOME: dir }, host)).toBeNull();
    expect(host.enableCompileCache).toHaveBeenCalledTimes(1);
  });

  it('takes the read bits of others away from a folder only its user may write, and uses it', () => {
    dir = mkdtempSync(join(tmpdir(), 'playdeck-compile-cache-'));
    const folder = join(dir, 'playdeck', 'compile-cache');
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o755);
    const host = hostThatEnables();
    expect(enableCompileCache({ XDG_CACHE_HOME: dir }, host)).toBe(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });
});
