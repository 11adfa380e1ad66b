import type { SampleIds } from '../../src/service/routes/route.js';
import type { SeedCatalog } from '../../src/service/seed/types.js';

/**
 * The ids the route list's samples are made with, found in any seeded catalog (the tests' small one, the
 * generated demo catalog): for each kind, one the demo user can have and one their market does not sell.
 */
export function sampleIdsOf(catalog: SeedCatalog): SampleIds {
  const demo = catalog.users.find((user) => user.id === catalog.demo_user_id)!;
  const sold = (item: { available_markets: string[] }) => demo.country !== null && item.available_markets.includes(demo.country);
  const first = <T>(items: readonly T[], where: (item: T) => boolean, what: string): T => {
    const found = items.find(where);
    if (found === undefined) throw new Error(`the catalog has no ${what}`);
    return found;
  };
  const show = first(catalog.shows, sold, 'show sold to the demo user');
  const foreignShow = first(catalog.shows, (item) => !sold(item), 'show not sold to the demo user');
  const audiobook = first(catalog.audiobooks, sold, 'audiobook sold to the demo user');
  const foreignAudiobook = first(catalog.audiobooks, (item) => !sold(item), 'audiobook not sold to the demo user');
  const chaptersOf = (audiobookId: string) => catalog.chapters.filter((chapter) => chapter.audiobook_id === audiobookId);
  const resumed = new Set(catalog.resume_points.filter((point) => point.user_id === demo.id).map((point) => point.item_id));
  const chapters = chaptersOf(audiobook.id);
  const own = catalog.playlists.filter((playlist) => playlist.owner_id === demo.id);
  const followed = catalog.playlists.filter((playlist) => catalog.followed_playlist_ids.includes(playlist.id));
  return {
    demoUser: demo.id,
    otherUser: first(catalog.users, (user) => user.country !== null && user.country !== demo.country, 'user of another country').id,
    countrylessUser: first(catalog.users, (user) => user.country === null, 'user without a country').id,
    album: catalog.albums[0]!.id,
    artist: catalog.albums[0]!.artist_ids[0] ?? catalog.artists[0]!.id,
    trackName: catalog.tracks[0]!.name,
    track: first(catalog.tracks, (track) => sold(track) && track.relinked_to === null, 'track sold to the demo user').id,
    relinkedTrack: first(catalog.tracks, (track) => track.relinked_to !== null, 'relinked track').id,
    foreignTrack: first(catalog.tracks, (track) => !sold(track) && track.relinked_to === null, 'track the demo user cannot play').id,
    show: show.id,
    foreignShow: foreignShow.id,
    episode: first(catalog.episodes, (episode) => episode.show_id === show.id, 'episode').id,
    foreignEpisode: first(catalog.episodes, (episode) => episode.show_id === foreignShow.id, 'foreign episode').id,
    audiobook: audiobook.id,
    foreignAudiobook: foreignAudiobook.id,
    // One with a resume point, when there is one: its body says more.
    chapter: (chapters.find((chapter) => resumed.has(chapter.id)) ?? chapters[0]!).id,
    foreignChapter: chaptersOf(foreignAudiobook.id)[0]!.id,
    playlist: own[0]!.id,
    bigPlaylist: own.reduce((longest, playlist) => (playlist.items.length > longest.items.length ? playlist : longest)).id,
    mixedPlaylist: first(own, (playlist) => playlist.items.some((item) => item.type === 'episode'), 'playlist with episodes').id,
    collaborativePlaylist: first(followed, (playlist) => playlist.collaborative, 'collaborative playlist').id,
    othersPlaylist: first(followed, (playlist) => !playlist.collaborative, 'followed playlist').id,
    playlistTrack: first(own[0]!.items, (item) => item.type === 'track', 'track in the first playlist').id,
  };
}
