import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNoticeDue, itemKeyOf, NOTICE_SETTLE_MS, noticeOf } from '../../src/desktop/notification.js';
import { createNotifier } from '../../src/desktop/notifier.js';
import type { Snapshot } from '../../src/desktop/mpris-properties.js';
import { BUS_TOOLS, type Message } from '../../src/desktop/session-bus.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { EPISODE, playback, TRACK } from '../status/playback-fixture.js';

afterEach(() => vi.useRealTimers());

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
    expect(noticeOf(playback(), '/cache/a.img', true)).toEqual({
      summary: 'Feather of Quillhaven', body: 'Echo Engines, Sallow\nLive at the Reverie', imagePath: '/cache/a.img',
    });
    const odd = playback({ item: { ...EPISODE, show: { ...EPISODE.show, publisher: '<b>Loud & Co</b>' } } });
    expect(noticeOf(odd, null, true)?.body).toBe('&lt;b&gt;Loud &amp; Co&lt;/b&gt;\nNight Signals');
    expect(noticeOf(null, null, true)).toBeNull();
  });

  it('escapes the title too where the server reads markup, and leaves both as they are where it does not', () => {
    const hostile = playback({ item: { ...TRACK, name: '<b>Loud</b> <a href="https://x.example">& click</a>' } });
    expect(noticeOf(hostile, null, true)?.summary).toBe('&lt;b&gt;Loud&lt;/b&gt; &lt;a href="https://x.example"&gt;&amp; click&lt;/a&gt;');
    const plain = noticeOf(hostile, null, false)!;
    expect(plain.summary).toBe('<b>Loud</b> <a href="https://x.example">& click</a>');
    expect(plain.body).toBe('Echo Engines, Sallow\nLive at the Reverie');
  });
});

/** A notification server on the other end of `call`: its capabilities, and each Notify it was sent. */
function server(capabilities: string[]) {
  const notified: { summary: string; body: string }[] = [];
  const call = vi.fn(async (message: Message): Promise<Message | null> => {
    if (message.member === 'GetCapabilities') return { body: [capabilities] } as unknown as Message;
    const [, , , summary, body] = message.body as [string, number, string, string, string];
    notified.push({ summary, body });
    return { body: [notified.length] } as unknown as Message;
  });
  return { call, notified };
}

describe('the notifier', () => {
  const hostile = playback({ item: { ...TRACK, id: 'other', name: '<b>Big</b> & <a href="x">bold</a>' } });

  async function notifyOnce(capabilities: string[]) {
    useFakeClock();
    let shown: Snapshot = { playback: playback(), receivedAt: Date.now() };
    const { call, notified } = server(capabilities);
    const notifier = createNotifier(BUS_TOOLS, { snapshot: () => shown, coverPath: () => null, isOn: () => true, log: () => undefined }, call);
    notifier.observe();
    shown = { playback: hostile, receivedAt: Date.now() };
    notifier.observe();
    await vi.advanceTimersByTimeAsync(NOTICE_SETTLE_MS);
    notifier.close();
    return notified;
  }

  it("asks the server whether it reads markup, and escapes the title and the body for one that does", async () => {
    expect(await notifyOnce(['body', 'body-markup'])).toEqual([
      { summary: '&lt;b&gt;Big&lt;/b&gt; &amp; &lt;a href="x"&gt;bold&lt;/a&gt;', body: 'Echo Engines, Sallow\nLive at the Reverie' },
    ]);
  });

  it('sends plain text to a server that reads none', async () => {
    expect(await notifyOnce(['body'])).toEqual([{ summary: '<b>Big</b> & <a href="x">bold</a>', body: 'Echo Engines, Sallow\nLive at the Reverie' }]);
  });
});
