import { readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recentPlaylistsFile, stateFolder } from '../../src/status/recent-playlists-file.js';
import { createStatusHome, type StatusHome } from './status-io.js';

let home: StatusHome;
beforeEach(() => {
  home = createStatusHome();
});
afterEach(() => home.remove());

describe('the playlists last added to, on disk', () => {
  it('keeps them per service in the state folder, for the owner alone, most recent first', () => {
    const one = recentPlaylistsFile('embedded /a.db', home.env);
    const other = recentPlaylistsFile('remote https://example.test', home.env);
    one.remember({ id: 'p1', name: 'One' });
    one.remember({ id: 'p2', name: 'Two' });
    other.remember({ id: 'x', name: 'Elsewhere' });
    expect(recentPlaylistsFile('embedded /a.db', home.env).list()).toEqual([{ id: 'p2', name: 'Two' }, { id: 'p1', name: 'One' }]);
    expect(other.list()).toEqual([{ id: 'x', name: 'Elsewhere' }]);
    const path = join(stateFolder(home.env), 'recent-playlists.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(1);
  });

  it('reads a file it cannot make sense of as none, and writes a good one over it', () => {
    mkdirSync(stateFolder(home.env), { recursive: true });
    writeFileSync(join(stateFolder(home.env), 'recent-playlists.json'), '{"services":');
    const recent = recentPlaylistsFile('s', home.env);
    expect(recent.list()).toEqual([]);
    recent.remember({ id: 'p', name: 'P' });
    expect(recent.list()).toEqual([{ id: 'p', name: 'P' }]);
  });
});
