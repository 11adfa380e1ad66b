import { describe, expect, it, vi } from 'vitest';
import type { CursorPage } from '../../../src/api/library-types.js';
import { SectionList } from '../../../src/ui/list/SectionList.js';
import type { ListView } from '../../../src/ui/sections/types.js';
import { createFakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard } from '../panes/pane-harness.js';

interface Named {
  name: string;
}

const ITEMS: readonly Named[] = Array.from({ length: 130 }, (_, index) => ({ name: `Artist ${index + 1}` }));

/** A collection paged by cursor, as followed artists are: each page names the one after it by the last item. */
function cursorView(total: boolean) {
  const asked: (string | null)[] = [];
  const fetchAfter = vi.fn(async (_api: unknown, _parent: unknown, page: { after: string | null; limit: number }): Promise<CursorPage<Named>> => {
    asked.push(page.after);
    const start = page.after === null ? 0 : ITEMS.findIndex((item) => item.name === page.after) + 1;
    const items = ITEMS.slice(start, start + page.limit);
    const next = start + page.limit < ITEMS.length ? items.at(-1)!.name : null;
    return { items: [...items], next, total: total ? ITEMS.length : null, limit: page.limit };
  });
  const view: ListView<Named> = {
    kind: 'list', sourceKey: () => 'cursor', label: 'artists', title: (_parent, count) => `Artists · ${count ?? '?'}`, emptyText: 'None.',
    source: { fetchAfter }, rereadOn: [], row: (item, width) => item.name.padEnd(width).slice(0, width), match: (item) => item.name.toLowerCase(),
    details: () => null, open: null, play: null, likes: null,
  };
  return { view, asked };
}

function renderList(view: ListView<Named>) {
  const props = { isFocused: true, width: 40, height: 12, details: { width: 0, height: 0 }, onStatus: () => {} };
  return renderApp(inDashboard(createFakeApi(), <SectionList {...props} view={view} parent={undefined} isTabShown onDrill={() => {}} onOpenPlaylist={() => {}} />));
}

describe('a list paged by cursor', () => {
  it('reads the pages before a far one first, in order, each after the cursor the one before named', async () => {
    const { view, asked } = cursorView(true);
    const app = renderList(view);
    await app.waitForFrame('Artists · 130');
    await app.press('G');
    await app.waitForFrame('› Artist 130');
    expect(asked).toEqual([null, 'Artist 50', 'Artist 100']);
    await app.press('g');
    await app.waitForFrame('› Artist 1 ');
    expect(asked).toHaveLength(3);
  });

  it('grows as it is read where the service does not count the whole', async () => {
    const { view } = cursorView(false);
    const app = renderList(view);
    // The first page and a page more while there is a next one, then as far as was read.
    await app.waitForFrame(/Artists · (100|150)/);
    await app.press('G');
    await app.waitForFrame('Artists · 130');
    await app.press('G');
    await app.waitForFrame('› Artist 130');
  });
});
