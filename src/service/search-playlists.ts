import { foldText } from './search-text.js';
import type { Playlist } from './store/playlists.js';

/**
 * Playlists are searched as they are, not from the index: they change (a rename, a new one) and are few.
 * The same tiers as the catalog's (store/search.ts): the exact name, every word whole in the name, the last
 * word a prefix of one, then the words anywhere in the name, the description or the owner's name. In each,
 * the user's own and followed playlists come first.
 */
export function searchPlaylists(playlists: readonly Playlist[], words: readonly string[], listed: ReadonlySet<string>, ownerName: (id: string) => string): Playlist[] {
  if (words.length === 0) return [];
  const tiers: Playlist[][] = [[], [], [], []];
  const query = words.join(' ');
  const last = words.at(-1)!;
  const whole = words.slice(0, -1);
  for (const playlist of playlists) {
    const name = foldText(playlist.name);
    const nameWords = name.split(' ');
    const everywhere = foldText(`${playlist.name} ${playlist.description} ${ownerName(playlist.ownerId)}`).split(' ');
    const hasAll = (candidates: readonly string[], prefix: boolean) =>
      whole.every((word) => candidates.includes(word)) && candidates.some((word) => (prefix ? word.startsWith(last) : word === last));
    const tier = name === query ? 0 : hasAll(nameWords, false) ? 1 : hasAll(nameWords, true) ? 2 : hasAll(everywhere, true) ? 3 : -1;
    if (tier >= 0) tiers[tier]!.push(playlist);
  }
  const yours = (playlist: Playlist) => (listed.has(playlist.id) ? 0 : 1);
  return tiers.flatMap((tier) => tier.sort((one, other) => yours(one) - yours(other)));
}
