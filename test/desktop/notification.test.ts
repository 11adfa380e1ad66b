import { describe, expect, it } from 'vitest';
import { isNoticeDue, itemKeyOf, noticeOf } from '../../src/desktop/notification.js';
import { EPISODE, playback } from '../status/playback-fixture.js';

describe('the notification of a new item', () => {
  it('is due when another item plays, never for the first seen nor for nothing playing', () => {
    const track = itemKeyOf(playback());
    const episode = itemKeyOf(playback({ item: EPISODE }));
    expect(isNoticeDue(undefined, track)).toBe(false);
    expect(isNoticeDue(track, track)).toBe(false);
    expect(isNoticeDue(track, episode)).toBe(true);
    expect(isNoticeDue(null, track)).toBe(true);
    expect(isNoticeDue(track, null)).toBe(false);
  });

  it('says the title, who made it and where it is from, with markup escaped in the body', () => {
    expect(noticeOf(playback(), '/cache/a.img')).toEqual({
      summary: 'Feather of Quillhaven', body: 'Echo Engines, Sallow\nLive at the Reverie', imagePath: '/cache/a.img',
    });
    const odd = playback({ item: { ...EPISODE, show: { ...EPISODE.show, publisher: '<b>Loud & Co</b>' } } });
    expect(noticeOf(odd, null)?.body).toBe('&lt;b&gt;Loud &amp; Co&lt;/b&gt;\nNight Signals');
    expect(noticeOf(null, null)).toBeNull();
  });
});
