import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../src/api/api.js';
import { createApi, staticToken } from '../../../src/api/index.js';
import type { Paging } from '../../../src/api/types.js';
import { startService, type RunningService } from '../../../src/service/start.js';
import { ServicesProvider } from '../../../src/ui/context/app-services.js';
import type { DetailsTarget } from '../../../src/ui/details-target.js';
import { PAGE_SIZE } from '../../../src/ui/list/page-loader.js';
import { listBodySize } from '../../../src/ui/list/LibraryListView.js';
import type { PlayStarter } from '../../../src/ui/play/play-starter.js';
import { LIBRARY_SECTIONS } from '../../../src/ui/sections/registry.js';
import type { ItemAction, ItemContext, SectionView, View } from '../../../src/ui/sections/types.js';
import { musicSandbox, startMusic, type MusicSandbox, type MusicService } from '../../helpers/music-folder.js';
import { renderApp, type RenderedApp } from '../../helpers/render.js';
import { inDashboard } from '../panes/pane-harness.js';
import { sectionPane } from '../panes/section-harness.js';

/**
 * Every section of the registry (sections/registry.ts), checked the same way against the real embedded
 * service: its title with the total, its empty text (on an empty music folder: an empty library), its first
 * page of rows, the `/` filter, Enter and `P` as its definition says, the details of the row under the
 * cursor. A new section is checked here by being in the registry.
 */

let demo: RunningService;
let empty: MusicService;
let sandbox: MusicSandbox;
const apis = { demo: null as Api | null, empty: null as Api | null };

beforeAll(async () => {
  sandbox = musicSandbox();
  mkdirSync(sandbox.music, { recursive: true });
  [demo, empty] = await Promise.all([startService({ port: 0, db: ':memory:', log: () => {} }), startMusic(sandbox)]);
  apis.demo = createApi({ baseUrl: demo.baseUrl, tokens: staticToken(demo.accessToken) });
  apis.empty = createApi({ baseUrl: empty.baseUrl, tokens: staticToken(empty.accessToken) });
});

afterAll(async () => {
  await Promise.all([demo?.close(), empty?.close()]);
  sandbox?.remove();
});

/** Waiting on a real service, on a machine that may be busy. */
const PATIENCE = { timeout: 15_000 };
const LIST_WIDTH = 76;
const HEIGHT = 20;
const DETAILS = { width: 44, height: HEIGHT };
const { rows: ROWS, rowWidth: ROW_WIDTH } = listBodySize(LIST_WIDTH, HEIGHT);

/** The first page of a section as the service gives it, read through its definition's source. */
async function firstPage(view: SectionView, api: Api): Promise<Paging<unknown>> {
  const signal = new AbortController().signal;
  const page = { offset: 0, limit: PAGE_SIZE };
  const { source } = view;
  if ('readAll' in source) {
    const all = await source.readAll(api, undefined, signal);
    return { href: '', limit: PAGE_SIZE, offset: 0, next: null, previous: null, total: all.length, items: all.slice(0, PAGE_SIZE) };
  }
  if ('fetchAfter' in source) {
    const answer = await source.fetchAfter(api, undefined, { after: null, limit: PAGE_SIZE }, signal);
    return { href: '', limit: PAGE_SIZE, offset: 0, next: null, previous: null, total: answer.total ?? answer.items.length, items: answer.items };
  }
  return source.fetchPage(api, undefined, page, signal);
}

/** What an Enter or a `P` did: a play request, a refusal, a drill into a view, a playlist opened, or nothing. */
type Effect =
  | { kind: 'play'; request: unknown }
  | { kind: 'refuse'; message: string }
  | { kind: 'drill'; view: View<unknown>; parent: unknown }
  | { kind: 'openPlaylist'; playlist: unknown }
  | { kind: 'nothing' };

/** A player that records what it is asked (everything is playable here: what plays is the service's business). */
function recordingPlayer(effects: Effect[]): PlayStarter {
  return {
    start: (request) => effects.push({ kind: 'play', request }),
    refuse: (message) => effects.push({ kind: 'refuse', message }),
    refuseUnplayable: () => false,
  };
}

/** What the definition says `action` does on the first item, asked directly. */
function expectedEffect(action: ItemAction<unknown, void> | null, api: Api, page: Paging<unknown>): Effect {
  if (action === null) return { kind: 'nothing' };
  const effects: Effect[] = [];
  const at: ItemContext<unknown, void> = {
    api, parent: undefined, position: 0, total: page.total, firstPage: page, player: recordingPlayer(effects),
    drill: (view, parent) => effects.push({ kind: 'drill', view: view as View<unknown>, parent }),
    openPlaylist: (playlist) => effects.push({ kind: 'openPlaylist', playlist }),
  };
  action(page.items[0], at);
  expect(effects.length).toBeLessThanOrEqual(1);
  return effects[0] ?? { kind: 'nothing' };
}

const nameOf = (target: DetailsTarget | null): string => (target === null ? '' : (target as unknown as Record<string, { name: string }>)[target.kind]!.name);
const titleOf = (view: View<unknown>, parent: unknown): string => (view.kind === 'list' ? view.title(parent, null).split(' · ')[0]! : '');
/** The columns of the screen right of the list: the details. */
const detailsPart = (frame: string): string => frame.split('\n').map((line) => line.slice(LIST_WIDTH)).join('\n');

/** The section's pane alone on `api`, focused, with the details beside it, a player and Enter on a playlist recorded. */
function renderSection(id: (typeof LIBRARY_SECTIONS)[number]['id'], api: Api) {
  const effects: Effect[] = [];
  const onOpenPlaylist = vi.fn((playlist: unknown) => effects.push({ kind: 'openPlaylist', playlist }));
  const { pane } = sectionPane(id, { width: LIST_WIDTH, height: HEIGHT, details: DETAILS, onOpenPlaylist });
  const app = renderApp(inDashboard(api, <ServicesProvider services={{ player: recordingPlayer(effects) }}>{pane}</ServicesProvider>), {
    columns: LIST_WIDTH + DETAILS.width,
    rows: HEIGHT + 2,
  });
  return { app, effects };
}

async function shownWithTotal(app: RenderedApp, view: SectionView, total: number): Promise<string> {
  return app.waitForFrame(view.title(undefined, total), PATIENCE);
}

const SECTIONS = LIBRARY_SECTIONS.map((section) => [section.label, section.id, section.view as SectionView] as const);

describe.each(SECTIONS)('the section %s', (_label, id, view) => {
  it('declares rereads it can keep: minutely on a source read by offset; a list that is the library reads again when it changes', () => {
    if (view.rereadOn.includes('minutely')) expect('fetchPage' in view.source).toBe(true);
    if (view.likes?.isLibrary === true) expect(view.rereadOn).toContain('libraryChanged');
  });

  it('titles its list with the total and draws the rows of its first page', async () => {
    const page = await firstPage(view, apis.demo!);
    // The demo catalog holds at least two of everything, so every check below has rows to look at.
    expect(page.items.length).toBeGreaterThanOrEqual(2);
    const { app } = renderSection(id, apis.demo!);
    const frame = await shownWithTotal(app, view, page.total);
    for (const item of page.items.slice(0, ROWS)) expect(frame).toContain(view.row(item, ROW_WIDTH).trimEnd());
  });

  it('says its empty text on an empty library', async () => {
    expect(view.emptyText.trim()).not.toBe('');
    const { app } = renderSection(id, apis.empty!);
    await app.waitForFrame((frame) => frame.includes(view.title(undefined, 0)) && frame.includes(view.emptyText), PATIENCE);
  });

  it('narrows its rows to those the / filter matches', async () => {
    const page = await firstPage(view, apis.demo!);
    const shown = page.items.slice(0, ROWS);
    // A word of the first row that some other shown row lacks.
    const words = view.match(shown[0]).split(/\s+/).filter((word) => word.length >= 3);
    const query = words.find((word) => shown.some((item) => !view.match(item).includes(word)));
    expect(query).toBeDefined();
    const left = shown.find((item) => !view.match(item).includes(query!))!;
    const { app } = renderSection(id, apis.demo!);
    await shownWithTotal(app, view, page.total);
    await app.press('/');
    await app.type(query!);
    const frame = await app.waitForFrame(/\d+ of \d+ loaded/, PATIENCE);
    const [, matching, searched] = /(\d+) of (\d+) loaded/.exec(frame)!.map(Number);
    expect(matching).toBeGreaterThanOrEqual(1);
    expect(matching).toBeLessThan(searched!);
    expect(frame).toContain(view.row(shown[0], ROW_WIDTH).trimEnd());
    expect(frame).not.toContain(view.row(left, ROW_WIDTH).trimEnd());
  });

  it.each([
    ['Enter', 'enter', 'open'],
    ['P', 'P', 'play'],
  ] as const)('does on %s what its definition says', async (_name, key, member) => {
    const page = await firstPage(view, apis.demo!);
    const expected = expectedEffect(view[member] as ItemAction<unknown, void> | null, apis.demo!, page);
    const { app, effects } = renderSection(id, apis.demo!);
    await shownWithTotal(app, view, page.total);
    await app.press(key);
    switch (expected.kind) {
      case 'nothing':
        expect(effects).toEqual([]);
        expect(app.frame()).toContain(view.title(undefined, page.total));
        return;
      case 'drill':
        await app.waitForFrame((frame) => frame.includes(titleOf(expected.view, expected.parent)) && !frame.includes(view.title(undefined, page.total)), PATIENCE);
        expect(effects).toEqual([]);
        return;
      case 'play': {
        await vi.waitFor(() => expect(effects).toHaveLength(1), PATIENCE);
        const [done] = effects;
        expect(done!.kind).toBe('play');
        // A request still being worked out (a show's first unfinished episode) is the same once known.
        expect(await (done as { request: unknown }).request).toEqual(await expected.request);
        return;
      }
      default:
        await vi.waitFor(() => expect(effects).toEqual([expected]), PATIENCE);
    }
  });

  it('shows the details of the row under the cursor', async () => {
    const page = await firstPage(view, apis.demo!);
    const { app } = renderSection(id, apis.demo!);
    await shownWithTotal(app, view, page.total);
    const first = nameOf(view.details(page.items[0])).slice(0, 20);
    const second = nameOf(view.details(page.items[1])).slice(0, 20);
    expect(first).not.toBe(second);
    await app.waitForFrame((frame) => detailsPart(frame).includes(first), PATIENCE);
    await app.press('down');
    await app.waitForFrame((frame) => detailsPart(frame).includes(second) && !detailsPart(frame).includes(first), PATIENCE);
  });
});
