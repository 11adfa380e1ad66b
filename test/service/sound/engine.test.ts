import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MPV_MISSING } from '../../../src/service/sound/problems.js';
import { createTestService, ids } from '../../helpers/service.js';
import { heardMs, startSoundService, missingMpv, waitUntil, type SoundService } from '../../helpers/sound-service.js';
import { sayWhySkipped } from '../../helpers/system-tools.js';
import { makeToneMedia, type ToneMedia } from '../../helpers/tone-media.js';

// What the sound decides, told by the player's state: mpv plays to no output (timing only, nothing heard).
const SUITE = 'the sound engine (mpv, --ao=null)';
const missing = missingMpv();
sayWhySkipped(SUITE, missing);

const NULL_OUTPUT = { extraArgs: ['--ao=null'] };
const FIRST_PLAYLIST = `playdeck:playlist:${ids.firstPlaylist}`;
const ALBUM = `playdeck:album:${ids.discAlbum}`;
/** Whether a process runs (a zombie, ended and not yet waited for, does not). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe.skipIf(missing !== null)(SUITE, () => {
  let media: ToneMedia;
  let service: SoundService | null = null;

  beforeAll(() => {
    media = makeToneMedia({ playlist: 0.6 });
  });
  afterEach(async () => {
    await service?.close();
    service = null;
  });
  afterAll(() => media.remove());

  it('ends each item when its file ends (not by the catalog), skips the items with no file, and stops at the context end', async () => {
    service = await startSoundService(media, NULL_OUTPUT);
    await service.send('PUT', '/v1/me/player/play', { context_uri: FIRST_PLAYLIST });
    // Five tones of 0.6 s where the catalog says three minutes each, then two tracks with no file, then the end.
    // Seven items one after the other: a deadline for them all, not for one.
    const stopped = await waitUntil('the player stopped at the first track', async () => {
      const player = await service!.player();
      return !player.is_playing && player.item.id === ids.track(1) && player;
    }, 30_000);
    expect(stopped.progress_ms).toBe(0);
    const history = (await service.get('/v1/me/player/recently-played?limit=10')).body.items.map((play: any) => play.track.id);
    // Each played to its end; the two with no file never played (the fixture's history follows).
    expect(history.slice(0, 5).map((id: string) => id.slice(-2)).join(' ')).toBe([5, 4, 3, 2, 1].map((n) => ids.track(n).slice(-2)).join(' '));
    expect(history).not.toContain(ids.usOnlyTrack);
    expect(history).not.toContain(ids.relinkedTrack);
  });

  it('plays an item added to the queue when the one playing ends, then goes on with the context', async () => {
    service = await startSoundService(media, NULL_OUTPUT);
    await service.send('PUT', '/v1/me/player/play', { context_uri: ALBUM });
    await service.send('POST', `/v1/me/player/queue?uri=playdeck:track:${ids.track(3)}`);
    const played: string[] = [];
    await waitUntil('the album went on after the added track', async () => {
      const id = (await service!.player()).item.id as string;
      if (played[played.length - 1] !== id) played.push(id);
      return id === ids.discTrack(2);
    });
    expect(played).toEqual([ids.discTrack(1), ids.track(3), ids.discTrack(2)]);
  });

  it('reports the position mpv plays: paused, where mpv stopped; a seek moves mpv there', async () => {
    service = await startSoundService(media, NULL_OUTPUT);
    await service.send('PUT', '/v1/me/player/play', { uris: [`playdeck:episode:${ids.episode(1)}`] });
    await waitUntil('mpv plays', async () => ((await heardMs(service!)) ?? 0) > 200);
    await service.send('PUT', '/v1/me/player/seek?position_ms=4000');
    await waitUntil('mpv plays from 4 s', async () => ((await heardMs(service!)) ?? 0) >= 4000);
    await service.send('PUT', '/v1/me/player/pause');
    await waitUntil('the player reports where mpv paused', async () => {
      const heard = await heardMs(service!);
      return heard !== null && heard >= 4000 && Math.abs((await service!.player()).progress_ms - heard) <= 50;
    });
  });

  it('stops a file removed while it plays within 10 s and starts the next, told or not', async () => {
    const long = makeToneMedia({ playlist: 30 });
    try {
      service = await startSoundService(long, NULL_OUTPUT);
      await service.send('PUT', '/v1/me/player/play', { context_uri: FIRST_PLAYLIST });
      await waitUntil('mpv plays', async () => ((await heardMs(service!)) ?? 0) > 100);
      // Told by the folder's watch: at once.
      rmSync(long.pathOf({ type: 'track', id: ids.track(1) }));
      long.changed();
      await waitUntil('the second track plays', async () => (await service!.player()).item.id === ids.track(2));
      // Not told: the engine looks for the file playing every 5 s.
      rmSync(long.pathOf({ type: 'track', id: ids.track(2) }));
      await waitUntil('the third track plays', async () => (await service!.player()).item.id === ids.track(3));
    } finally {
      long.remove();
    }
  });

  it('skips a file mpv cannot play', async () => {
    const broken = makeToneMedia({ playlist: 30 });
    const since = Date.now();
    try {
      writeFileSync(broken.pathOf({ type: 'track', id: ids.track(2) }), 'not a sound');
      service = await startSoundService(broken, NULL_OUTPUT);
      await service.send('PUT', '/v1/me/player/play', { context_uri: FIRST_PLAYLIST, offset: { position: 1 } });
      await waitUntil('the third track plays', async () => (await service!.player()).item.id === ids.track(3) && (await heardMs(service!)) !== null);
      // Never played: not in the history (which holds the first track, left after a moment: not played either).
      const history = (await service.get(`/v1/me/player/recently-played?after=${since}`)).body.items;
      expect(history).toEqual([]);
    } finally {
      broken.remove();
    }
  });

  it('starts mpv again when it ends by itself, and the item goes on playing', async () => {
    const long = makeToneMedia({ playlist: 30 });
    try {
      service = await startSoundService(long, { ...NULL_OUTPUT, restartDelaysMs: [50] });
      await service.send('PUT', '/v1/me/player/play', { context_uri: FIRST_PLAYLIST });
      await waitUntil('mpv plays', async () => ((await heardMs(service!)) ?? 0) > 100);
      const first = service.sound!.pid!;
      process.kill(first, 'SIGKILL');
      await waitUntil('another mpv plays', async () => service!.sound!.pid !== first && ((await heardMs(service!)) ?? 0) > 100);
      const player = await service.player();
      expect(player.item.id).toBe(ids.track(1));
      expect(player.is_playing).toBe(true);
      expect(service.context.soundProblem).toBeNull();
    } finally {
      long.remove();
    }
  });

  it('ends mpv with the service, the player left paused where it was heard', async () => {
    service = await startSoundService(media, NULL_OUTPUT);
    await service.send('PUT', '/v1/me/player/play', { uris: [`playdeck:episode:${ids.episode(2)}`] });
    await waitUntil('mpv plays', async () => ((await heardMs(service!)) ?? 0) > 300);
    const pid = service.sound!.pid!;
    await service.app.close();
    const state = service.context.playback.peek(ids.demo, Date.now())!.state;
    expect(state.isPlaying).toBe(false);
    expect(state.progressMs).toBeGreaterThan(300);
    await waitUntil('mpv ended', () => !isAlive(pid));
    service.db.close();
    service = null;
  });

  it('leaves no mpv behind when the service is killed', async () => {
    // One process (tsx's loader in it, not tsx's launcher in front of it): the kill reaches the service itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/sound-child.ts', 'play', media.pathOf({ type: 'track', id: ids.track(1) })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (text) => text.startsWith('mpv=') && resolve(text));
        child.on('exit', (code) => reject(new Error(`the child ended (${code})`)));
      });
      const pid = Number(line.slice('mpv='.length));
      expect(isAlive(pid)).toBe(true);
      child.kill('SIGKILL');
      await waitUntil('mpv ended after its service', () => !isAlive(pid));
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('without mpv: the catalog still plays silent, and soundProblem says how to install mpv', async () => {
    const silent = await createTestService({ media, sound: { command: 'playdeck-no-such-mpv' }, log: () => {} });
    try {
      expect(await silent.sound!.started).toBe(MPV_MISSING);
      expect(silent.context.soundProblem).toBe(MPV_MISSING);
      expect((await silent.request({ method: 'PUT', url: '/v1/me/player/play', payload: { context_uri: FIRST_PLAYLIST } })).status).toBe(204);
      // The clock keeps time, by the catalog's durations, and the demo's devices stay.
      expect((await silent.get('/v1/me/player')).body.item.id).toBe(ids.track(1));
      expect((await silent.get('/v1/me/player/devices')).body.devices.map((device: any) => device.name)).toEqual([
        'playdeck web player', 'Kitchen speaker', 'Car stereo',
      ]);
    } finally {
      await silent.close();
    }
  });

  it('with no audio output: says so in one line, and the player goes on silent by the catalog', async () => {
    const logged: string[] = [];
    const unheard = await createTestService({
      media,
      sound: { extraArgs: ['--ao=pulse'], env: { ...process.env, PULSE_SERVER: 'unix:/nonexistent/native' } },
      log: (line) => logged.push(line),
    });
    try {
      expect(await unheard.sound!.started).toBeNull();
      expect((await unheard.request({ method: 'PUT', url: '/v1/me/player/play', payload: { context_uri: ALBUM } })).status).toBe(204);
      const problem = await waitUntil('the problem said', () => unheard.context.soundProblem);
      expect(problem).toMatch(/^no sound: mpv could not open an audio output \(audio output initialization failed\); /);
      expect(logged).toEqual([`playdeck sound: ${problem}`]);
      // Past the tone's end, the first track still plays: its three minutes in the catalog count now.
      await waitUntil('the clock past the tone', async () => (await unheard.get('/v1/me/player')).body.progress_ms > 1500);
      expect((await unheard.get('/v1/me/player')).body.item.id).toBe(ids.discTrack(1));
    } finally {
      await unheard.close();
    }
  });

  it('playdeck serve says once why the music cannot be heard, and serves all the same', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/sound-child.ts', 'serve', media.pathOf({ type: 'track', id: ids.track(1) }), 'playdeck-no-such-mpv'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitUntil('the line on stderr', () => stderr.includes('\n'), 20_000);
      expect(stderr).toBe(`playdeck serve: ${MPV_MISSING}\n`);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stderr).toBe(`playdeck serve: ${MPV_MISSING}\n`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('gives up on an mpv that never starts after a few tries, saying so in one line', async () => {
    const failing = await createTestService({ media, sound: { command: 'false', restartDelaysMs: [10, 10] }, log: () => {} });
    try {
      const problem = await failing.sound!.started;
      expect(problem).toMatch(/^sound needs mpv 0\.35 or newer: mpv could not be started \(exit code 1\); install it from/);
      expect(problem).not.toContain('\n');
      expect(failing.context.soundProblem).toBe(problem);
    } finally {
      await failing.close();
    }
  });
});
