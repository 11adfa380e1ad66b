import { describe, expect, it } from 'vitest';
import {
  changedProperties, metadataOf, NO_TRACK, playerProperties, positionUs, seekedTo, trackIdOf,
} from '../../src/desktop/mpris-properties.js';
import { CHAPTER, EPISODE, playback } from '../status/playback-fixture.js';

const AT = 1_000_000;

describe('the MPRIS properties of what the dashboard shows', () => {
  it('describes a track: title, artists, album, length in µs, the cover when on disk, a track id that is an object path', () => {
    const properties = playerProperties({ playback: playback(), receivedAt: AT }, 'file:///cache/a.img');
    expect(properties).toMatchObject({ PlaybackStatus: 'Playing', LoopStatus: 'Playlist', Shuffle: true, Volume: 0.4, Rate: 1, CanControl: true });
    expect(properties.Metadata).toEqual({
      'mpris:trackid': { signature: 'o', value: '/org/playdeck/item/track_t1' },
      'mpris:length': { signature: 'x', value: 225_000_000 },
      'xesam:title': { signature: 's', value: 'Feather of Quillhaven' },
      'xesam:artist': { signature: 'as', value: ['Echo Engines', 'Sallow'] },
      'xesam:album': { signature: 's', value: 'Live at the Reverie' },
      'mpris:artUrl': { signature: 's', value: 'file:///cache/a.img' },
    });
  });

  it("gives an episode its publisher and show, a chapter its authors and book, and leaves the cover out when it is not on disk", () => {
    expect(metadataOf(playback({ item: EPISODE }), null)).toMatchObject({
      'xesam:artist': { value: ['Orbit Radio'] }, 'xesam:album': { value: 'Night Signals' },
    });
    const chapter = metadataOf(playback({ item: CHAPTER }), null);
    expect(chapter).toMatchObject({ 'xesam:artist': { value: ['Ada Vale', 'Bo Lin'] }, 'xesam:album': { value: 'The Lighthouse' } });
    expect(chapter['mpris:artUrl']).toBeUndefined();
  });

  it('writes any id as a valid object path, two ids never the same', () => {
    const path = trackIdOf({ ...playback().item!, id: 'a-b/c d' });
    expect(path).toMatch(/^\/org\/playdeck\/item\/[A-Za-z0-9_]+$/);
    expect(path).not.toBe(trackIdOf({ ...playback().item!, id: 'a_b/c d' }));
    expect(trackIdOf(null)).toBe(NO_TRACK);
  });

  it('is Stopped with no track when nothing plays, and can do nothing then', () => {
    const properties = playerProperties({ playback: null, receivedAt: AT }, null);
    expect(properties).toMatchObject({ PlaybackStatus: 'Stopped', CanPlay: false, CanPause: false, CanGoNext: false, CanSeek: false, CanControl: true });
    expect(properties.Metadata).toEqual({ 'mpris:trackid': { signature: 'o', value: NO_TRACK } });
    expect(playerProperties(null, null).PlaybackStatus).toBe('Stopped');
  });

  it('takes what it can do from the actions the service permits', () => {
    const actions = { disallows: { skipping_next: true, seeking: true, pausing: true } };
    const playing = playerProperties({ playback: playback({ actions }), receivedAt: AT }, null);
    expect(playing).toMatchObject({ CanGoNext: false, CanGoPrevious: true, CanSeek: false, CanPlay: true, CanPause: false });
    const paused = playerProperties({ playback: playback({ is_playing: false, actions: { disallows: { resuming: true } } }), receivedAt: AT }, null);
    expect(paused).toMatchObject({ PlaybackStatus: 'Paused', CanPlay: false, CanPause: true });
  });

  it('answers the position from the clock, in µs', () => {
    expect(positionUs({ playback: playback(), receivedAt: AT }, AT + 2_500)).toBe(85_500_000);
    expect(positionUs({ playback: playback({ is_playing: false }), receivedAt: AT }, AT + 2_500)).toBe(83_000_000);
    expect(positionUs({ playback: playback(), receivedAt: AT }, AT + 10_000_000)).toBe(225_000_000);
  });
});

describe('what is signalled', () => {
  it('names only the properties whose value changed', () => {
    const before = playerProperties({ playback: playback(), receivedAt: AT }, null);
    expect(changedProperties(before, playerProperties({ playback: playback({ progress_ms: 90_000 }), receivedAt: AT + 7_000 }, null))).toEqual([]);
    expect(changedProperties(before, playerProperties({ playback: playback({ is_playing: false }), receivedAt: AT }, null))).toEqual(['PlaybackStatus']);
    expect(changedProperties(before, playerProperties({ playback: playback(), receivedAt: AT }, 'file:///a.img'))).toEqual(['Metadata']);
    expect(changedProperties(before, playerProperties({ playback: playback({ item: EPISODE }), receivedAt: AT }, null))).toEqual(['Metadata']);
  });

  it('tells a jump within the item (Seeked), not the clock running on nor a new item', () => {
    const before = { playback: playback(), receivedAt: AT };
    expect(seekedTo(before, { playback: playback({ progress_ms: 88_200 }), receivedAt: AT + 5_000 })).toBeNull();
    expect(seekedTo(before, { playback: playback({ progress_ms: 150_000 }), receivedAt: AT + 5_000 })).toBe(150_000_000);
    expect(seekedTo(before, { playback: playback({ progress_ms: 0 }), receivedAt: AT + 1_000 })).toBe(0);
    expect(seekedTo(before, { playback: playback({ item: EPISODE, progress_ms: 0 }), receivedAt: AT + 1_000 })).toBeNull();
  });
});
