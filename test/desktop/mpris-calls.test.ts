import { describe, expect, it } from 'vitest';
import { NOT_SUPPORTED, playerCall, propertyWrite, INVALID_ARGS } from '../../src/desktop/mpris-calls.js';
import { trackIdOf } from '../../src/desktop/mpris-properties.js';
import { playback } from '../status/playback-fixture.js';

const AT = 1_000_000;
const shown = { playback: playback(), receivedAt: AT }; // 83 s into 225 s

describe("a media player's calls, as the dashboard's commands", () => {
  it('maps the methods to the player commands', () => {
    expect(playerCall('Play', [], shown, AT)).toEqual({ run: { type: 'play' } });
    expect(playerCall('Pause', [], shown, AT)).toEqual({ run: { type: 'pause' } });
    expect(playerCall('Stop', [], shown, AT)).toEqual({ run: { type: 'pause' } });
    expect(playerCall('PlayPause', [], shown, AT)).toEqual({ run: { type: 'toggle' } });
    expect(playerCall('Next', [], shown, AT)).toEqual({ run: { type: 'next' } });
    expect(playerCall('Previous', [], shown, AT)).toEqual({ run: { type: 'prev' } });
  });

  it('seeks by an offset in µs, and past the end goes to the next item', () => {
    expect(playerCall('Seek', [10_000_000n], shown, AT)).toEqual({ run: { type: 'seek', relative: true, ms: 10_000 } });
    expect(playerCall('Seek', [-5_000_000n], shown, AT)).toEqual({ run: { type: 'seek', relative: true, ms: -5_000 } });
    expect(playerCall('Seek', [200_000_000n], shown, AT)).toEqual({ run: { type: 'next' } });
    expect(playerCall('Seek', ['far'], shown, AT)).toMatchObject({ error: INVALID_ARGS });
  });

  it('sets the position of the track playing, and ignores one for another track or out of it', () => {
    const track = trackIdOf(shown.playback.item);
    expect(playerCall('SetPosition', [track, 30_000_000n], shown, AT)).toEqual({ run: { type: 'seek', relative: false, ms: 30_000 } });
    expect(playerCall('SetPosition', ['/org/playdeck/item/track_other', 30_000_000n], shown, AT)).toEqual({ done: true });
    expect(playerCall('SetPosition', [track, 300_000_000n], shown, AT)).toEqual({ done: true });
    expect(playerCall('SetPosition', [track, -1n], shown, AT)).toEqual({ done: true });
  });

  it('refuses to open a URI', () => {
    expect(playerCall('OpenUri', ['file:///song.mp3'], shown, AT)).toEqual({ error: NOT_SUPPORTED, message: 'playdeck opens no URI: play from its library' });
  });

  it('takes writes of Volume, Shuffle, LoopStatus and Rate', () => {
    expect(propertyWrite('Volume', 0.424)).toEqual({ run: { type: 'volume', relative: false, percent: 42 } });
    expect(propertyWrite('Volume', 1.5)).toEqual({ run: { type: 'volume', relative: false, percent: 100 } });
    expect(propertyWrite('Volume', -1)).toEqual({ run: { type: 'volume', relative: false, percent: 0 } });
    expect(propertyWrite('Shuffle', true)).toEqual({ run: { type: 'shuffle', on: true } });
    expect(propertyWrite('LoopStatus', 'Track')).toEqual({ run: { type: 'repeat', state: 'track' } });
    expect(propertyWrite('LoopStatus', 'Playlist')).toEqual({ run: { type: 'repeat', state: 'context' } });
    expect(propertyWrite('LoopStatus', 'Forever')).toMatchObject({ error: INVALID_ARGS });
    expect(propertyWrite('Rate', 1)).toEqual({ done: true });
    expect(propertyWrite('Rate', 0)).toEqual({ run: { type: 'pause' } });
    expect(propertyWrite('Metadata', {})).toMatchObject({ error: 'org.freedesktop.DBus.Error.PropertyReadOnly' });
  });
});
