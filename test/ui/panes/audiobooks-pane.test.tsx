import { describe, expect, it, vi } from 'vitest';
import { AudiobooksPane } from '../../../src/ui/panes/AudiobooksPane.js';
import { createFakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard, lastCall, paneCallbacks } from './pane-harness.js';

describe('AudiobooksPane', () => {
  it('opens an audiobook on its first chapter and comes back to where it was', async () => {
    const api = createFakeApi();
    const books = api.catalog.savedAudiobooks;
    const callbacks = paneCallbacks();
    const app = renderApp(inDashboard(<AudiobooksPane api={api} isFocused width={66} height={20} {...callbacks} />));
    await app.waitForFrame('Audiobooks · 6');
    await app.press('j');
    await vi.waitFor(() => expect(lastCall(callbacks.onSelect)).toEqual({ kind: 'audiobook', audiobook: books[1]!.audiobook }));

    await app.press('enter');
    const frame = await app.waitForFrame(`${books[1]!.audiobook.name} · 12 chapters`);
    await app.waitForFrame(/› +1  Chapter 1 /);
    expect(frame).not.toContain('Audiobooks · 6');
    await vi.waitFor(() => expect(lastCall(callbacks.onSelect)?.kind).toBe('chapter'));
    const selected = lastCall(callbacks.onSelect);
    expect(selected?.kind === 'chapter' && selected.chapter.audiobook).toEqual(books[1]!.audiobook);
    expect(selected?.kind === 'chapter' && selected.chapter.chapter_number).toBe(1);

    await app.press('escape');
    await app.waitForFrame(`› ${books[1]!.audiobook.name}`);
    await vi.waitFor(() => expect(lastCall(callbacks.onSelect)).toEqual({ kind: 'audiobook', audiobook: books[1]!.audiobook }));
    expect(api.callsTo('getSavedAudiobooks')).toHaveLength(1);
  });
});
