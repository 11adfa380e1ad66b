/**
 * Issue 35's race, as a new user meets it: two dashboards on one database (the second joins the service the
 * first runs), the same playlist open in both, `J J J` in one and `j D` in the other at the same instant.
 * Both screens end on the service's order, and a `T` afterwards moves exactly the entry the screen showed;
 * both ways round. What the service holds is read with fetch, at the address and with the token the first
 * dashboard publishes for the ones that join (`playdeck.db.service`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cellPrefixOf,
  createSandbox,
  itemRowsOf,
  openFirstPlaylist,
  startDashboard,
  statusMessageOf,
  whenSettled,
  type Dashboard,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';
import { firstPlaylist, playlistEntries, type Entry, type ServiceAccess } from '../helpers/e2e-service.js';

const SCREEN_MS = 20_000;
/** A change saved by one dashboard reaches the other at its next check (15 s), on a machine that may be busy. */
const CONVERGED_MS = 45_000;
/** The rows both screens are compared on: the items pane shows this many at 120×40. */
const ROWS = 20;

let sandbox: Sandbox;
let first: Dashboard;
let second: Dashboard;
let service: ServiceAccess;
let playlist: { id: string; name: string };
beforeAll(async () => {
  sandbox = createSandbox();
  first = startDashboard([], { sandbox });
  service = await serviceOf(sandbox);
  playlist = await firstPlaylist(service);
  const [top] = await playlistEntries(service, playlist.id);
  await openFirstPlaylist(first, playlist.name, top!.name, SCREEN_MS);
  second = startDashboard([], { sandbox });
  await openFirstPlaylist(second, playlist.name, top!.name, SCREEN_MS);
}, 60_000);
afterAll(() => {
  first?.kill();
  second?.kill();
  sandbox?.remove();
});

/** The first dashboard's service, once it has published it for the ones that join. */
async function serviceOf(home: Sandbox): Promise<ServiceAccess> {
  const file = join(home.env.XDG_DATA_HOME!, 'playdeck', 'playdeck.db.service');
  for (const deadline = Date.now() + SCREEN_MS; ; ) {
    try {
      const { origin, token } = JSON.parse(readFileSync(file, 'utf8')) as { origin: string; token: string };
      return { baseUrl: `${origin}/v1`, token };
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const shows = (entries: readonly Entry[]) => (screen: string): boolean => {
  const cells = itemRowsOf(screen, ROWS);
  return cells.length === Math.min(ROWS, entries.length) && cells.every((cell, row) => cell.startsWith(cellPrefixOf(entries[row]!.name)));
};

const sameEntries = (a: readonly Entry[], b: readonly Entry[]): boolean =>
  a.length === b.length && a.every((entry, index) => entry.uri === b[index]!.uri && entry.addedAt === b[index]!.addedAt);

/** The service's order once it stops changing: both saves landed (and whatever merge followed). */
async function settledOrder(service: ServiceAccess, playlistId: string, isDone: (entries: Entry[]) => boolean): Promise<Entry[]> {
  let previous: Entry[] = [];
  for (const deadline = Date.now() + CONVERGED_MS; Date.now() < deadline; ) {
    const entries = await playlistEntries(service, playlistId);
    if (isDone(entries) && sameEntries(entries, previous)) return entries;
    previous = entries;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the service never held both changes');
}

describe('two dashboards on one database change one playlist at the same instant', () => {
  it.each([
    { name: 'J J J in the first, j D in the second', keys: [['J', 'J', 'J'], ['j', 'D']] },
    { name: 'j D in the first, J J J in the second', keys: [['j', 'D'], ['J', 'J', 'J']] },
  ])('$name: both screens show the service\'s order, and T then moves exactly the entry shown', { timeout: 150_000 }, async ({ keys }) => {
    const before = await playlistEntries(service, playlist.id);
    // Both on the first row, at rest.
    for (const dashboard of [first, second]) dashboard.sendKeys('g');
    await first.waitFor(whenSettled((text) => shows(before)(text) && /^[┃│]›\s+1\s/m.test(text)), SCREEN_MS);
    await second.waitFor(whenSettled((text) => shows(before)(text) && /^[┃│]›\s+1\s/m.test(text)), SCREEN_MS);
    second.sendKeys(...keys[1]!);
    first.sendKeys(...keys[0]!);
    // Both changes hold on the service: the second entry removed, the first three places further down.
    const removed = before[1]!;
    const moved = before[0]!;
    const final = await settledOrder(service, playlist.id, (entries) =>
      entries.length === before.length - 1 && !entries.some((entry) => entry.addedAt === removed.addedAt && entry.uri === removed.uri) &&
      entries.findIndex((entry) => entry.uri === moved.uri && entry.addedAt === moved.addedAt) === 2);
    await first.waitFor(whenSettled(shows(final)), CONVERGED_MS);
    await second.waitFor(whenSettled(shows(final)), CONVERGED_MS);

    // A T on the second row of the second dashboard moves the entry it shows there, and nothing else.
    second.sendKeys('g', 'j');
    const screen = await second.waitFor(whenSettled((text) => /^[┃│]›\s+2\s/m.test(text)), SCREEN_MS);
    const chosen = itemRowsOf(screen, 2)[1]!;
    expect(chosen.startsWith(cellPrefixOf(final[1]!.name))).toBe(true);
    second.sendKeys('T');
    await second.waitFor((text) => statusMessageOf(text).startsWith('moved 1 item to the top'), SCREEN_MS);
    await second.waitFor((text) => /^saved/.test(statusMessageOf(text)), SCREEN_MS);
    const after = await playlistEntries(service, playlist.id);
    expect(after.map((entry) => `${entry.uri}@${entry.addedAt}`)).toEqual([final[1]!, final[0]!, ...final.slice(2)].map((entry) => `${entry.uri}@${entry.addedAt}`));
    await first.waitFor(whenSettled(shows(after)), CONVERGED_MS);
  });
});
