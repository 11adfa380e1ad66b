import { describe, expect, it } from 'vitest';
import type { Episode, ResumePoint } from '../../../src/api/types.js';
import { firstUnfinished, unplayableReason, wholeContextRequest } from '../../../src/ui/play/play-request.js';
import { createFakeApi } from '../../helpers/fake-api.js';

const catalog = createFakeApi().catalog;
const show = catalog.shows[0]!;
const PLAYED: ResumePoint = { fully_played: true, resume_position_ms: 0 };
const HALF: ResumePoint = { fully_played: false, resume_position_ms: 90_000 };
const NEW: ResumePoint = { fully_played: false, resume_position_ms: 0 };

/** Simplified episodes (no show, as a page has them) with these resume points, in the show's order. */
const episodes = (...points: ResumePoint[]): Episode[] =>
  points.map((resume_point, n) => ({ ...catalog.episodes[n]!, show: null, resume_point }));

describe('firstUnfinished', () => {
  it('is the first item of the play order not fully played, new or half played', () => {
    const items = episodes(PLAYED, PLAYED, HALF, NEW);
    expect(firstUnfinished(items, 4)).toEqual({ position: 2, item: items[2] });
    const newer = episodes(PLAYED, NEW, HALF);
    expect(firstUnfinished(newer, 3)).toEqual({ position: 1, item: newer[1] });
  });

  it('passes over what cannot play here', () => {
    const items = episodes(PLAYED, NEW, NEW);
    items[1] = { ...items[1]!, is_playable: false, restrictions: { reason: 'market' } };
    expect(firstUnfinished(items, 3).position).toBe(2);
  });

  it('is the first item past those read when all of them are played and there are more', () => {
    expect(firstUnfinished(episodes(PLAYED, PLAYED), 10)).toEqual({ position: 2, item: null });
    expect(firstUnfinished([], 10)).toEqual({ position: 0, item: null });
  });

  it('is the start again when everything is played', () => {
    const items = episodes(PLAYED, PLAYED);
    expect(firstUnfinished(items, 2)).toEqual({ position: 0, item: items[0] });
  });
});

describe('wholeContextRequest', () => {
  it('starts the show at the position found, shows that episode with its show, and sends no position_ms', () => {
    const items = episodes(PLAYED, HALF);
    const request = wholeContextRequest({ kind: 'show', show }, firstUnfinished(items, 2));
    expect(request.target).toEqual({ contextUri: show.uri, offset: { position: 1 } });
    expect(request.item).toMatchObject({ id: items[1]!.id, show: { id: show.id } });
    expect(request.label).toBe(`from ${show.name}`);
  });
});

describe('unplayableReason', () => {
  const track = catalog.tracks[0]!;
  it('names the market, or "your market" when the user has no country', () => {
    const unavailable = { ...track, is_playable: false, restrictions: { reason: 'market' } };
    expect(unplayableReason(unavailable, 'GB')).toBe('not available in GB');
    expect(unplayableReason(unavailable, null)).toBe('not available in your market');
    expect(unplayableReason({ ...unavailable, restrictions: null }, 'GB')).toBe('not available in GB');
  });

  it('gives another restriction as the service names it, a local file as such, and null when it plays', () => {
    expect(unplayableReason({ ...track, is_playable: false, restrictions: { reason: 'explicit' } }, 'GB')).toBe('restricted (explicit)');
    expect(unplayableReason({ ...track, is_local: true }, 'GB')).toBe('a local file');
    expect(unplayableReason(track, 'GB')).toBeNull();
  });

  it("says why a playlist file's line names no file of the music folder (decisions §21)", () => {
    const line = (reason: string) => unplayableReason({ ...track, is_local: true, is_playable: false, restrictions: { reason } }, 'GB');
    expect(line('missing')).toBe('unavailable (its file is missing)');
    expect(line('outside_folder')).toBe('unavailable (its file is outside the music folder)');
    expect(line('not_audio')).toBe('unavailable (not an audio file of the music folder)');
    expect(line('not_a_file')).toBe('unavailable (a web address, not a file)');
    expect(line('market')).toBe('a local file');
  });
});
