import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/service/context.js';
import { contextUriOf } from '../../src/service/play-context.js';
import { demoUserId, openDatabase } from '../../src/service/store/db.js';

/** A player's first start plays on the first device the player lists: a sound engine's output where one plays. */
describe("a player's first device", () => {
  it('is the first of the devices listed (an output of mpv), not the demo web player', () => {
    const db = openDatabase({ path: ':memory:' });
    try {
      const context = createContext(db);
      const output = { id: 'a'.repeat(40), is_active: false, is_private_session: false, is_restricted: false, name: 'Autoselect device', type: 'computer', volume_percent: 100, supports_volume: true };
      context.playback.devices = { all: () => [output] };
      const userId = demoUserId(db);
      const playlist = context.playlists.get(context.playlists.listedBy(userId)[0]!)!;
      const played = context.playback.play(userId, { kind: 'context', context: context.contexts.resolve(contextUriOf('playlist', playlist.id), undefined)!, offset: 0 }, Date.now());
      expect(played).toEqual({ ok: true });
      expect(context.playback.current(userId, Date.now())!.state.device).toMatchObject({ id: output.id, name: 'Autoselect device', is_active: true });
    } finally {
      db.close();
    }
  });
});
