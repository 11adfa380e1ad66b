import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chapter } from '../../src/api/types.js';
import { App } from '../../src/ui/app/App.js';
import { DEFAULT_POLL } from '../../src/ui/state/poll-pace.js';
import { createFakeApi, type FakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp, type RenderedApp } from '../helpers/render.js';

/**
 * Continue listening is read when its tab opens and again after something finishes (an episode or chapter
 * that stops playing, as the polls of the playback tell), never on a timer: one read each time, none while
 * another tab is up.
 */

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2026, 10, 23));
});

afterEach(() => {
  vi.useRealTimers();
});

/** A read of Continue listening starts with the saved audiobooks: one call each. */
const reads = (api: FakeApi): number => api.callsTo('getSavedAudiobooks').length;

/** Continue listening open (`5`), then Enter on its first row: the fourth chapter of the first audiobook. */
async function resumeFirstRow(): Promise<{ app: RenderedApp; api: FakeApi; chapter: Chapter }> {
  const api = createFakeApi();
  const app = renderApp(<App api={api} />);
  await app.waitForFrame(api.playlists()[0]!.description);
  await app.press('5');
  await app.waitForFrame('Continue listening · 4');
  const book = api.catalog.audiobooks[0]!;
  const chapter = api.catalog.chaptersByAudiobook.get(book.id)![3]!;
  const polls = api.callsTo('getPlaybackState').length;
  await app.press('enter');
  await app.waitForFrame(`${book.name} · chapter 4`);
  // The poll after the command: the service's own word that the chapter plays.
  await vi.waitFor(() => expect(api.callsTo('getPlaybackState').length).toBeGreaterThan(polls));
  return { app, api, chapter };
}

/** The chapter plays to its end: the service marks it played and goes on to the next chapter. */
function playToTheEnd(api: FakeApi, chapter: Chapter): void {
  const position = api.currentPlayback()!.progress_ms;
  api.changeItem(chapter.id, { resume_point: { fully_played: true, resume_position_ms: 0, last_played_at: '2026-11-23T00:20:00Z' } });
  api.advancePlayback(chapter.duration_ms - position + 1_000);
}

describe('Continue listening after something finishes', () => {
  it('reads again once when the chapter playing ends while it is open, and not on the polls after', async () => {
    const { app, api, chapter } = await resumeFirstRow();
    expect(reads(api)).toBe(1);
    playToTheEnd(api, chapter);
    await vi.advanceTimersByTimeAsync(DEFAULT_POLL.playingMs);
    const frame = await app.waitForFrame('Continue listening · 3');
    expect(frame).not.toContain('Chapter 4');
    expect(reads(api)).toBe(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.callsTo('getPlaybackState').length).toBeGreaterThan(3);
    expect(reads(api)).toBe(2);
  });

  it('reads again when another item takes the place of the episode playing, the pane open without the focus', async () => {
    const { app, api } = await resumeFirstRow();
    await app.press('1');
    await app.waitForFrame('Continue listening · 4');
    expect(reads(api)).toBe(1);
    await app.press('n');
    await vi.waitFor(() => expect(reads(api)).toBe(2));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads(api)).toBe(2);
  });

  it('reads nothing while another tab is up, then once when it opens again', async () => {
    const { app, api, chapter } = await resumeFirstRow();
    await app.press('2');
    await app.waitForFrame('[2 Playlists]');
    playToTheEnd(api, chapter);
    await vi.advanceTimersByTimeAsync(DEFAULT_POLL.playingMs);
    await app.waitForFrame('Chapter 5');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads(api)).toBe(1);
    await app.press('5');
    await app.waitForFrame('Continue listening · 3');
    expect(reads(api)).toBe(2);
  });

  it('keeps its rows on screen while it reads again', async () => {
    const { app, api, chapter } = await resumeFirstRow();
    const held = api.hold('getSavedAudiobooks');
    playToTheEnd(api, chapter);
    await vi.advanceTimersByTimeAsync(DEFAULT_POLL.playingMs);
    await vi.waitFor(() => expect(reads(api)).toBe(2));
    expect(app.frame()).toContain('Continue listening · 4');
    held.release();
    await app.waitForFrame('Continue listening · 3');
  });
});
