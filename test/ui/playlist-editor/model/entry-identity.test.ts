import { describe, expect, it } from 'vitest';
import type { PlaylistItem } from '../../../../src/api/types.js';
import { baseKeys, countIdentities, entryIdentity, keysOfOrder } from '../../../../src/ui/playlist-editor/model/entry-identity.js';
import { emptySparseList, withPage } from '../../../../src/ui/state/sparse-list.js';

function entry(uri: string, addedAt: string): PlaylistItem {
  return { added_at: addedAt, added_by: null, is_local: false, track: { uri } as PlaylistItem['track'] };
}

describe('entry keys', () => {
  it('tells entries apart by item and time added, and copies added together by their order', () => {
    const identities = ['a@1', 'b@1', 'a@1', 'a@2'];
    expect(keysOfOrder(identities)).toEqual(['a@1#0', 'b@1#0', 'a@1#1', 'a@2#0']);
    expect(entryIdentity(entry('spotify:track:x', '2024-01-01T00:00:00Z'))).not.toBe(
      entryIdentity(entry('spotify:track:x', '2024-01-02T00:00:00Z')),
    );
  });

  it('gives the loaded base entries the keys of the fresh order, and unknown keys to the rest', () => {
    const items = [entry('u:a', 't1'), entry('u:b', 't2'), entry('u:c', 't3')];
    const list = withPage(emptySparseList<PlaylistItem>(4), 0, items, 4);
    const fresh = [...items, entry('u:d', 't4')].map(entryIdentity);
    const keys = baseKeys(list, countIdentities(fresh));
    expect(keys.slice(0, 3)).toEqual(keysOfOrder(fresh).slice(0, 3));
    expect(keysOfOrder(fresh)).not.toContain(keys[3]);
  });

  it('does not guess which copy is which when not all copies are loaded', () => {
    const copy = entry('u:a', 't1');
    const list = withPage(emptySparseList<PlaylistItem>(60), 50, [copy, entry('u:b', 't2')], 60);
    // The fresh order holds two copies; only one is loaded here: which one it is cannot be known.
    const fresh = [copy, copy, entry('u:b', 't2')].map(entryIdentity);
    const keys = baseKeys(list, countIdentities(fresh));
    expect(keysOfOrder(fresh)).not.toContain(keys[50]);
    expect(keys[51]).toBe(keysOfOrder(fresh)[2]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a track relinked for the market', () => {
  it('is the item the service stores (linked_from), which a removal names and copies share', async () => {
    const { entryIdentity, itemUriOf } = await import('../../../../src/ui/playlist-editor/model/entry-identity.js');
    const shown = { type: 'track', uri: 'pd:track:substitute', linked_from: { id: 'original', uri: 'pd:track:original' } };
    const entry = { added_at: 't1', added_by: null, is_local: false, track: shown } as unknown as Parameters<typeof itemUriOf>[0];
    expect(itemUriOf(entry)).toBe('pd:track:original');
    expect(entryIdentity(entry!)).toBe('pd:track:original t1');
  });
});
