/**
 * The embedded service with its sound engine over tones (tone-media.ts), for the tests of sound, and the waits
 * they are made of: a condition met before a deadline (the requirement, e.g. "within 10 s"), never a sleep.
 */
import type { SoundOptions } from '../../src/service/sound/engine.js';
import type { MediaSource } from '../../src/service/media-source.js';
import { createTestService, type TestService } from './service.js';
import { missingTools } from './system-tools.js';

/** Why mpv cannot play tones here (mpv or ffmpeg missing), or null when it can. */
export function missingMpv(): string | null {
  return missingTools(['mpv', 'ffmpeg'], 'mpv ffmpeg');
}

export interface SoundService extends TestService {
  /** What the service wrote to its log. */
  logged: string[];
  /** `GET /me/player?additional_types=episode`'s body (null: no active device). */
  player(): Promise<any>;
  /** A player command (`PUT /me/player/pause`, `POST /me/player/next`…), its status checked. */
  send(method: 'PUT' | 'POST', url: string, payload?: unknown): Promise<void>;
}

export async function startSoundService(media: MediaSource, sound: SoundOptions): Promise<SoundService> {
  const logged: string[] = [];
  const service = await createTestService({ media, sound, log: (line) => logged.push(line) });
  const problem = await service.sound!.started;
  if (problem !== null) throw new Error(problem);
  return {
    ...service,
    logged,
    player: async () => (await service.get('/v1/me/player?additional_types=episode')).body ?? null,
    async send(method, url, payload) {
      const response = await service.request({ method, url, payload: payload as object | undefined });
      if (response.status !== 204) throw new Error(`${method} ${url}: ${response.status} ${response.raw}`);
    },
  };
}

/** Where mpv plays in the item now, asked of it (ms); null when it plays nothing. */
export async function heardMs(service: TestService): Promise<number | null> {
  return (await service.sound!.asked())?.positionMs ?? null;
}

/** Waits until `probe` gives something other than null or false (checked every 50 ms); throws after `timeoutMs`. */
export async function waitUntil<T>(what: string, probe: () => Promise<T | null | false> | T | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
