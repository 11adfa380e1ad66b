/**
 * Issue 28's done-when for the dashboard, from outside: the built program in tmux, at 120×40 and at 80×24, on
 * `playdeck serve` (the catalog of 20,000 tracks): `6` liked songs, `7` albums, `8` artists, `f` search (a
 * liked song found by its name among the first ten), `:` go to, and `l`, checked against the service itself.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createSandbox,
  escapeRegExp,
  nowPlayingOf,
  rowsOf,
  rowsWiderThan,
  startDashboard,
  statusLineOf,
  type Dashboard,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';
import type { ServiceAccess } from '../helpers/e2e-service.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const SCREEN_MS = 20_000;

let serve: ServeChild;
let service: ServiceAccess;
let sandbox: Sandbox | undefined;
let dashboard: Dashboard | undefined;

interface Named {
  id: string;
  name: string;
  uri: string;
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${service.token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

const likedSongs = async (limit: number) => (await get<{ total: number; items: { track: Named & { album: Named } }[] }>(`/me/tracks?limit=${limit}`));
const savedAlbums = async () => (await get<{ total: number; items: { album: Named & { total_tracks: number } }[] }>('/me/albums?limit=1'));
const followed = async () => (await get<{ artists: { total: number; items: Named[] } }>('/me/following?type=artist&limit=1')).artists;
const isLiked = async (uri: string) => (await get<boolean[]>(`/me/library/contains?uris=${encodeURIComponent(uri)}`))[0];

/** A row of a list that starts with `name` (or as much of it as a narrow cell shows), under the cursor or not. */
const rowOf = (name: string, cursor = false): RegExp => new RegExp(`[┃│]${cursor ? '›' : '[› ]'} +(?:\\d+ +)?${escapeRegExp(name.slice(0, 7))}`);

beforeAll(async () => {
  serve = await spawnServe(['--port', '0', '--db', ':memory:']);
  service = { baseUrl: serve.baseUrl, token: serve.accessToken };
}, 60_000);

afterAll(async () => {
  await stopServe(serve, 'SIGTERM');
});

afterEach(() => {
  dashboard?.kill();
  dashboard = undefined;
  sandbox?.remove();
  sandbox = undefined;
});

async function start(columns: number, rows: number): Promise<Dashboard> {
  sandbox = createSandbox();
  dashboard = startDashboard(['--base-url', service.baseUrl, '--token', service.token], { sandbox, columns, rows });
  await dashboard.waitFor((screen) => nowPlayingOf(screen) !== null && screen.includes('2 Playlists'), SCREEN_MS);
  return dashboard;
}

describe.each([
  [120, 40],
  [80, 24],
])('the library at %i×%i', (columns, rows) => {
  it('6, 7, 8, f, : and l do what the issue says', { timeout: 180_000 }, async () => {
    const screen = await start(columns, rows);
    const fits = (text: string): boolean => rowsWiderThan(text, columns).length === 0;

    // 6: liked songs, newest first, each ♥; Enter plays one in the liked songs.
    const liked = await likedSongs(3);
    // 2,000 on a new database; the run at the other size may have liked one more.
    expect(liked.total).toBeGreaterThanOrEqual(2_000);
    screen.sendKeys('6');
    let text = await screen.waitFor((now) => now.includes(`Liked songs · ${liked.total.toLocaleString('en-US')}`) && rowOf(liked.items[0]!.track.name, true).test(now), SCREEN_MS);
    expect(fits(text)).toBe(true);
    expect(rowsOf(text).find((row) => rowOf(liked.items[0]!.track.name, true).test(row))).toMatch(/♥[┃│]/);
    screen.sendKeys('j', 'Enter');
    await screen.waitFor((now) => nowPlayingOf(now)?.name === liked.items[1]!.track.name && now.includes('from Liked songs'), SCREEN_MS);
    const playing = await get<{ context: { type: string; uri: string } }>('/me/player');
    expect(playing.context.type).toBe('collection');

    // 7: saved albums; Enter opens the album's tracks, P plays the album.
    const album = (await savedAlbums()).items[0]!.album;
    screen.sendKeys('7');
    await screen.waitFor((now) => now.includes(`Albums · `) && rowOf(album.name, true).test(now), SCREEN_MS);
    screen.sendKeys('Enter');
    text = await screen.waitFor(new RegExp(`${escapeRegExp(album.name.slice(0, 10))}.* · ${album.total_tracks} tracks|› +1 +`), SCREEN_MS);
    expect(fits(text)).toBe(true);
    screen.sendKeys('P');
    // The service first (what plays before P may already say `from …`), then the screen follows it.
    const started = await vi.waitFor(
      async () => {
        const player = await get<{ context: { uri: string } | null; item: Named | null }>('/me/player');
        expect(player.context?.uri).toBe(album.uri);
        return player.item!;
      },
      { timeout: SCREEN_MS, interval: 100 },
    );
    await screen.waitFor((now) => nowPlayingOf(now)?.name === started.name, SCREEN_MS);

    // l on a track of the album: liked at the service, its ♥ on its row and in Now playing.
    const track = (await get<{ items: Named[] }>(`/albums/${album.id}/tracks?limit=1`)).items[0]!;
    const wasLiked = await isLiked(track.uri);
    screen.sendKeys('l');
    await screen.waitFor((now) => statusLineOf(now).includes(wasLiked ? 'unliked:' : 'liked:'), SCREEN_MS);
    expect(await isLiked(track.uri)).toBe(!wasLiked);
    if (!wasLiked) await screen.waitFor((now) => /▶ Playing {2}.+ {2}♥/.test(now), SCREEN_MS);

    // 8: followed artists; Enter opens an artist's albums.
    const artists = await followed();
    const artist = artists.items[0]!;
    screen.sendKeys('8');
    await screen.waitFor((now) => now.includes(`Artists · ${artists.total}`) && rowOf(artist.name, true).test(now), SCREEN_MS);
    screen.sendKeys('Enter');
    text = await screen.waitFor(/ releases?\b/, SCREEN_MS);
    expect(fits(text)).toBe(true);

    // f: a liked song found by its name among the first ten, with its ♥; typed straight after the key.
    const song = (await likedSongs(8)).items[7]!.track;
    screen.sendKeys('f');
    screen.type(song.name);
    text = await screen.waitFor((now) => {
      const lines = rowsOf(now);
      const heading = lines.findIndex((row) => row.includes('Tracks · '));
      const found = lines.findIndex((row, index) => index > heading && index <= heading + 10 && row.includes(song.name.slice(0, 12)) && /♥[┃│]/.test(row));
      return heading >= 0 && found > heading && lines.some((row) => row.includes(`f ${song.name}`));
    }, SCREEN_MS);
    expect(fits(text)).toBe(true);
    screen.sendKeys('Escape');
    await screen.waitFor((now) => !now.includes('Tracks · '), SCREEN_MS);

    // :, the devices by their name; then a section.
    screen.sendKeys(':');
    screen.type('devices');
    await screen.waitFor(/› choose the device that plays/, SCREEN_MS);
    screen.sendKeys('Enter');
    await screen.waitFor(/━ Devices/, SCREEN_MS);
    // Esc on its own: read together with the next key, a terminal's Esc and `:` are Alt+:.
    screen.sendKeys('Escape');
    await screen.waitFor((now) => !now.includes('━ Devices'), SCREEN_MS);
    screen.sendKeys(':');
    screen.type('liked');
    await screen.waitFor(/› Liked songs/, SCREEN_MS);
    screen.sendKeys('Enter');
    text = await screen.waitFor(/\[6 Liked( songs)?\]/, SCREEN_MS);
    expect(fits(text)).toBe(true);
  });
});
