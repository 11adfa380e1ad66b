import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard } from './pane-harness.js';
import { sectionPane } from './section-harness.js';

describe('the audiobooks section', () => {
  it('opens an audiobook on its first chapter and comes back to where it was', async () => {
    const api = createFakeApi();
    const books = api.catalog.savedAudiobooks;
    // With the details beside the list, as the app draws them on a wide terminal.
    const { pane } = sectionPane('audiobooks', { details: { width: 54, height: 20 } });
    const app = renderApp(inDashboard(api, pane), { columns: 120 });
    await app.waitForFrame('Audiobooks · 6');
    await app.press('j');
    await app.waitForFrame(`› ${books[1]!.audiobook.name}`);

    await app.press('enter');
    const frame = await app.waitForFrame(`${books[1]!.audiobook.name} · 12 chapters`);
    await app.waitForFrame(/› +1  Chapter 1 /);
    expect(frame).not.toContain('Audiobooks · 6');
    // The chapter's details name its book, which Get Audiobook Chapters leaves out.
    await app.waitForFrame(new RegExp(`─ Chapter ─[\\s\\S]*Audiobook +${books[1]!.audiobook.name}`));

    await app.press('escape');
    await app.waitForFrame(`› ${books[1]!.audiobook.name}`);
    expect(api.callsTo('getSavedAudiobooks')).toHaveLength(1);
  });
});
