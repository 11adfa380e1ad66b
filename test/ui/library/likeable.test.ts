import { expect, it } from 'vitest';
import { likeableOf } from '../../../src/ui/liked/likeable.js';
import { createFakeApi } from '../../helpers/fake-api.js';

const track = createFakeApi().catalog.tracks[0]!;

it('likes a track by its uri, and never asks about a local file (a playlist file line naming no file, decisions §21)', () => {
  expect(likeableOf({ kind: 'track', track })).toEqual({ kind: 'track', uri: track.uri, name: track.name });
  expect(likeableOf({ kind: 'track', track: { ...track, is_local: true, is_playable: false, uri: 'playdeck:local:::lost.mp3:0' } })).toBeNull();
});
