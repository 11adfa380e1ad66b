import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ids } from '../../helpers/service.js';
import { isTone, levelOf, longestGapMs, SILENCE_RMS, waitForSilence, waitForTone, windowsOf, type Window } from '../../helpers/heard.js';
import { missingPulseAudio, startPulseAudio, type PulseAudio, type Recording } from '../../helpers/pulse-audio.js';
import { missingMpv, startSoundService, waitUntil, type SoundService } from '../../helpers/sound-service.js';
import { sayWhySkipped } from '../../helpers/system-tools.js';
import { ALBUM_TONES, CHAPTER_TONES, EPISODE_STEPS, EPISODE_TONES, makeToneMedia, PLAYLIST_TONES, type ToneMedia } from '../../helpers/tone-media.js';

// What is heard: mpv plays to a private PulseAudio's null sinks, whose monitors are recorded and told apart by
// frequency (each item of the catalog is a tone of its own).
const SUITE = 'the sound heard (mpv, PulseAudio null sinks)';
const missing = missingMpv() ?? missingPulseAudio();
sayWhySkipped(SUITE, missing);

const FIRST_PLAYLIST = `playdeck:playlist:${ids.firstPlaylist}`;
const ALBUM = `playdeck:album:${ids.discAlbum}`;
const AUDIOBOOK = `playdeck:audiobook:${ids.audiobook}`;
/**
 * A silence longer than this between two tracks of an album is a gap. Measured here: none from one track to the
 * next as mpv plays them gapless, 30–45 ms where each file is loaded once the one before ended.
 */
const LONGEST_GAP_MS = 10;
/**
 * The next chapter of the same file starts with a seek into it: 5–25 ms of silence measured here, at times 100 ms
 * on a busy machine, unnoticed in speech; a file loaded once the last ended would leave more.
 */
const LONGEST_CHAPTER_GAP_MS = 250;

/** The frequency of each track that has a file. */
const TONE_OF_TRACK = new Map<string, number>([
  ...PLAYLIST_TONES.map((frequency, place) => [ids.track(place + 1), frequency] as const),
  ...ALBUM_TONES.map((frequency, place) => [ids.discTrack(place + 1), frequency] as const),
]);

describe.skipIf(missing !== null)(SUITE, () => {
  let pulse: PulseAudio;
  let media: ToneMedia;
  let service: SoundService;
  let recording: Recording;
  let outputs: { capture: string; other: string };

  beforeAll(async () => {
    pulse = await startPulseAudio(['capture', 'other']);
    // Long tones where a command must be what changes the sound; short ones where their ends are listened to.
    media = makeToneMedia({ playlist: 30, album: 1.2, chapter: 1.5, episode: 20 });
    service = await startSoundService(media, { extraArgs: ['--ao=pulse'], env: pulse.env });
    const devices = (await service.get('/v1/me/player/devices')).body.devices as { id: string; name: string }[];
    const named = (sink: string) => devices.find((device) => device.name.includes(`pulse/${sink}`))!.id;
    outputs = { capture: named('capture'), other: named('other') };
  });
  afterAll(async () => {
    await service?.close();
    media?.remove();
    pulse?.close();
  });
  beforeEach(async () => {
    await service.send('PUT', '/v1/me/player', { device_ids: [outputs.capture] });
    await service.send('PUT', '/v1/me/player/volume?volume_percent=100');
    await service.send('PUT', '/v1/me/player/shuffle?state=false');
    await service.send('PUT', '/v1/me/player/repeat?state=off');
    recording = pulse.record('capture');
  });
  afterEach(() => recording.stop());

  it('plays the item Start Playback asks for; pause is silence, and play goes on with it', async () => {
    await service.send('PUT', '/v1/me/player/play', { context_uri: FIRST_PLAYLIST, offset: { position: 2 } });
    await waitForTone(recording, PLAYLIST_TONES[2]);
    await service.send('PUT', '/v1/me/player/pause');
    await waitForSilence(recording);
    await service.send('PUT', '/v1/me/player/play');
    await waitForTone(recording, PLAYLIST_TONES[2]);
  });

  it('plays the item next and previous move to', async () => {
    await service.send('PUT', '/v1/me/player/play', { context_uri: FIRST_PLAYLIST, offset: { position: 2 } });
    await waitForTone(recording, PLAYLIST_TONES[2]);
    await service.send('POST', '/v1/me/player/next');
    await waitForTone(recording, PLAYLIST_TONES[3]);
    await service.send('POST', '/v1/me/player/previous');
    await waitForTone(recording, PLAYLIST_TONES[2]);
  });

  it('moves what is heard with a seek', async () => {
    await service.send('PUT', '/v1/me/player/play', { uris: [`playdeck:episode:${ids.episode(1)}`], position_ms: 0 });
    await waitForTone(recording, EPISODE_STEPS[0]);
    // The episode's second half is another tone.
    await service.send('PUT', '/v1/me/player/seek?position_ms=25000');
    await waitForTone(recording, EPISODE_STEPS[1]);
  });

  it('changes the level heard with the volume', async () => {
    await service.send('PUT', '/v1/me/player/play', { context_uri: FIRST_PLAYLIST });
    await waitForTone(recording, PLAYLIST_TONES[0]);
    const loud = levelOf(recording);
    await service.send('PUT', '/v1/me/player/volume?volume_percent=40');
    await waitUntil('the tone heard at a quarter of its level or less', () => {
      const level = levelOf(recording);
      return level >= SILENCE_RMS && level < loud / 4;
    });
  });

  it('plays next what the player shuffled next', async () => {
    await service.send('PUT', '/v1/me/player/play', { context_uri: FIRST_PLAYLIST });
    await service.send('PUT', '/v1/me/player/shuffle?state=true');
    await waitForTone(recording, PLAYLIST_TONES[0]);
    const upNext = (await service.get('/v1/me/player/queue')).body.queue.map((item: { id: string }) => item.id) as string[];
    // The two tracks with no file are skipped, never heard.
    const heardNext = upNext.find((id) => TONE_OF_TRACK.has(id))!;
    await service.send('POST', '/v1/me/player/next');
    await waitForTone(recording, TONE_OF_TRACK.get(heardNext)!);
    expect((await service.player()).item.id).toBe(heardNext);
  });

  it('replays a track with repeat track, and goes round the album with repeat context', async () => {
    await service.send('PUT', '/v1/me/player/play', { context_uri: ALBUM });
    await service.send('PUT', '/v1/me/player/repeat?state=track');
    await waitForTone(recording, ALBUM_TONES[0]);
    let furthest = 0;
    await waitUntil('the first track started again', async () => {
      const player = await service.player();
      expect(player.item.id).toBe(ids.discTrack(1));
      furthest = Math.max(furthest, player.progress_ms);
      return furthest > 600 && player.progress_ms < furthest - 300;
    });
    await waitForTone(recording, ALBUM_TONES[0]);
    await service.send('PUT', '/v1/me/player/repeat?state=context');
    await service.send('PUT', '/v1/me/player/play', { context_uri: ALBUM, offset: { position: 2 } });
    await waitForTone(recording, ALBUM_TONES[2]);
    await waitForTone(recording, ALBUM_TONES[0]);
    expect((await service.player()).item.id).toBe(ids.discTrack(1));
  });

  it('starts the next track as a file ends, with no gap between the tracks of an album', async () => {
    await service.send('PUT', '/v1/me/player/play', { context_uri: ALBUM });
    await waitForTone(recording, ALBUM_TONES[0]);
    // The album's end: the player stops on its first track, paused.
    await waitUntil('the album played to its end', async () => {
      const player = await service.player();
      return !player.is_playing && player.item.id === ids.discTrack(1);
    });
    await waitForSilence(recording);
    expect(runsOf(audible(windowsOf(recording.samples())), ALBUM_TONES)).toEqual([...ALBUM_TONES]);
    expect(longestGapMs(recording.samples())).toBeLessThanOrEqual(LONGEST_GAP_MS);
  });

  it('plays an audiobook chapter as its part of the file, then the next chapter', async () => {
    await service.send('PUT', '/v1/me/player/play', { context_uri: AUDIOBOOK, offset: { position: 1 }, position_ms: 0 });
    await waitForTone(recording, CHAPTER_TONES[1]);
    await waitForTone(recording, CHAPTER_TONES[2]);
    await waitUntil('the book played to its end', async () => !(await service.player()).is_playing);
    await waitForSilence(recording);
    // From its start to its end, the second chapter and the third: never the first.
    expect(runsOf(audible(windowsOf(recording.samples())), CHAPTER_TONES)).toEqual([CHAPTER_TONES[1], CHAPTER_TONES[2]]);
    expect(longestGapMs(recording.samples())).toBeLessThanOrEqual(LONGEST_CHAPTER_GAP_MS);
  });

  it('stops a file removed while it plays within 10 s, and the next is heard', async () => {
    await service.send('PUT', '/v1/me/player/play', { uris: [`playdeck:episode:${ids.episode(2)}`, `playdeck:episode:${ids.episode(3)}`], position_ms: 0 });
    await waitForTone(recording, EPISODE_TONES[0]);
    rmSync(media.pathOf({ type: 'episode', id: ids.episode(2) }));
    media.changed();
    await waitForTone(recording, EPISODE_TONES[1]);
  });

  it('moves the sound to another output with a transfer, its position kept', async () => {
    const other = pulse.record('other');
    try {
      await service.send('PUT', '/v1/me/player/play', { context_uri: FIRST_PLAYLIST, offset: { position: 1 } });
      await waitForTone(recording, PLAYLIST_TONES[1]);
      await waitForSilence(other);
      const before = (await service.player()).progress_ms;
      await service.send('PUT', '/v1/me/player', { device_ids: [outputs.other] });
      await waitForTone(other, PLAYLIST_TONES[1]);
      await waitForSilence(recording);
      const player = await service.player();
      expect(player.device.id).toBe(outputs.other);
      expect(player.progress_ms).toBeGreaterThan(before);
      expect(player.item.id).toBe(ids.track(2));
    } finally {
      other.stop();
    }
  });
});

/** The windows from the first sound heard to the last. */
function audible(windows: Window[]): Window[] {
  const first = windows.findIndex((window) => window.rms >= SILENCE_RMS);
  const last = windows.findLastIndex((window) => window.rms >= SILENCE_RMS);
  return first < 0 ? [] : windows.slice(first, last + 1);
}

/** The tones heard for at least 200 ms in a row, in the order heard. */
function runsOf(windows: Window[], tones: readonly number[]): number[] {
  const runs: number[] = [];
  let length = 0;
  let tone: number | undefined;
  for (const window of windows) {
    const heard = tones.find((frequency) => isTone(window, frequency));
    length = heard !== undefined && heard === tone ? length + 1 : 1;
    tone = heard;
    if (tone !== undefined && length === 4 && runs[runs.length - 1] !== tone) runs.push(tone);
  }
  return runs;
}
