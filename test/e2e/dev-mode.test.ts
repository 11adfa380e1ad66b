/**
 * Issue 18's done-when, from outside as a new user would: the built dashboard in tmux at 120×40 against
 * `playdeck serve --dev-mode` (the real service as a development-mode app sees it in 2026), through the fault
 * proxy that records what it sends. Every pane shows its data or says why in words; a reorder on an owned
 * playlist saves through `/items`, read back from the service over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cellPrefixOf,
  createSandbox,
  escapeRegExp,
  nowPlayingOf,
  rowsOf,
  startDashboard,
  statusLineOf,
  statusMessageOf,
  type Dashboard,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';
import {
  followedPlaylists,
  listPlaylists,
  movedEntry,
  playlistEntries,
  savedAudiobookNames,
  savedShowNames,
  type PlaylistSummary,
  type ServiceAccess,
} from '../helpers/e2e-service.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const SCREEN_MS = 15_000;
const FOLLOWED_REASON = 'only playlists you own or collaborate on can be read by your own app';

let serve: ServeChild;
let service: ServiceAccess;
let proxy: FaultProxy;
let sandbox: Sandbox;
let dashboard: Dashboard;
let playlists: PlaylistSummary[];

/** The text of the focused list pane (heavy border), its rows joined: words wrapped over rows read as one line. */
function focusedPaneText(screen: string): string {
  const inside = rowsOf(screen).flatMap((row) => {
    const match = /┃(.*?)┃/.exec(row);
    return match ? [match[1]!] : [];
  });
  return inside.join(' ').replace(/\s+/g, ' ');
}

beforeAll(async () => {
  serve = await spawnServe(['--port', '0', '--db', ':memory:', '--dev-mode']);
  service = { baseUrl: serve.baseUrl, token: serve.accessToken };
  proxy = await startFaultProxy(serve.baseUrl);
  playlists = await listPlaylists(service);
  sandbox = createSandbox();
  dashboard = startDashboard(['--base-url', proxy.baseUrl, '--token', service.token], { sandbox, columns: 120, rows: 40 });
  // Now playing shows what plays, and the playlists their names.
  await dashboard.waitFor((screen) => nowPlayingOf(screen)?.isPlaying === true && screen.includes(`› ${playlists[0]!.name}`), SCREEN_MS);
});

afterAll(async () => {
  dashboard?.kill();
  sandbox?.remove();
  await proxy?.close();
  await stopServe(serve, 'SIGTERM');
});

describe('the dashboard against serve --dev-mode', () => {
  it('shows every pane, and says in words why a followed playlist cannot be read', { timeout: 60_000 }, async () => {
    const [followed] = await followedPlaylists(service);
    const [show] = await savedShowNames(service, 1);
    const [book] = await savedAudiobookNames(service, 1);

    // The followed playlist: its items refused, the pane says why; back in the list, it is still there.
    const index = playlists.findIndex((playlist) => playlist.id === followed!.id);
    dashboard.sendKeys(...Array<string>(index).fill('j'));
    await dashboard.waitFor(`› ${followed!.name}`, SCREEN_MS);
    dashboard.sendKeys('Enter');
    // Read-only once the dashboard knows who it is (its profile's read), which on a loaded machine can come after
    // the refusal: the screen is waited for with both.
    const title = `${followed!.name} · ${followed!.total} items · read-only`;
    const refused = await dashboard.waitFor((screen) => focusedPaneText(screen).includes(`Couldn't load the items: ${FOLLOWED_REASON}`) && screen.includes(title), SCREEN_MS);
    expect(refused).not.toMatch(/403|Forbidden/);
    dashboard.sendKeys('Escape');
    await dashboard.waitFor(`› ${followed!.name}`, SCREEN_MS);

    // Saved shows and a show's episodes (shows without a publisher since 2026).
    dashboard.sendKeys('3');
    await dashboard.waitFor(`› ${show}`, SCREEN_MS);
    dashboard.sendKeys('Enter');
    await dashboard.waitFor(new RegExp(`${escapeRegExp(show!)} · \\d+ episodes[\\s\\S]*› \\d{4}-\\d\\d-\\d\\d`), SCREEN_MS);
    dashboard.sendKeys('Escape');

    // Saved audiobooks and a book's chapters (batch chapter reads are gone for such apps).
    dashboard.sendKeys('4');
    await dashboard.waitFor(`› ${book}`, SCREEN_MS);
    dashboard.sendKeys('Enter');
    await dashboard.waitFor(new RegExp(`${escapeRegExp(book!)} · \\d+ chapters[\\s\\S]*› +1 {2}\\S`), SCREEN_MS);
    dashboard.sendKeys('Escape');

    dashboard.sendKeys('5');
    await dashboard.waitFor(/Continue listening · \d+[\s\S]*› \S/, SCREEN_MS);

    dashboard.sendKeys('d');
    await dashboard.waitFor(/Devices[\s\S]*playing here/, SCREEN_MS);
    dashboard.sendKeys('Escape');
    const last = await dashboard.waitFor((screen) => !screen.includes('Enter plays there'), SCREEN_MS);
    expect(statusLineOf(last)).not.toMatch(/403|Forbidden|HTTP/);
  });

  it('J then w on an owned playlist saves through /items', { timeout: 60_000 }, async () => {
    const owned = playlists[0]!;
    const before = await playlistEntries(service, owned.id, 'items');
    dashboard.sendKeys('2', 'g');
    await dashboard.waitFor(`› ${owned.name}`, SCREEN_MS);
    dashboard.sendKeys('Enter');
    await dashboard.waitFor(new RegExp(`›\\s+1\\s+${escapeRegExp(cellPrefixOf(before[0]!.name))}`), SCREEN_MS);
    const from = proxy.requests.length;
    dashboard.sendKeys('J');
    await dashboard.waitFor((screen) => statusMessageOf(screen).includes('unsaved'), SCREEN_MS);
    dashboard.sendKeys('w');
    await dashboard.waitFor((screen) => /^saved\b/.test(statusMessageOf(screen)), SCREEN_MS);

    const writes = proxy.requests.slice(from).filter((request) => request.method === 'PUT' && request.url.includes(`/playlists/${owned.id}/`));
    expect(writes.map((request) => [request.url.split('?')[0], request.status])).toEqual([[`/v1/playlists/${owned.id}/items`, 200]]);
    const after = await playlistEntries(service, owned.id, 'items');
    expect(after.map((entry) => `${entry.uri}@${entry.addedAt}`)).toEqual(movedEntry(before, 0, 2).map((entry) => `${entry.uri}@${entry.addedAt}`));
  });
});
