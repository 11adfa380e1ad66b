/** Ids of a seeded catalog the samples of the route list are made with (the tests find them in any catalog). */
export interface SampleIds {
  demoUser: string;
  /** A user of another country than the demo user's. */
  otherUser: string;
  countrylessUser: string;
  album: string;
  /** Sold to the demo user. */
  track: string;
  /** Not sold to the demo user, with a copy that is. */
  relinkedTrack: string;
  /** Not sold to the demo user, with no copy. */
  foreignTrack: string;
  show: string;
  foreignShow: string;
  episode: string;
  foreignEpisode: string;
  audiobook: string;
  foreignAudiobook: string;
  chapter: string;
  foreignChapter: string;
  /** The demo user's first playlist. */
  playlist: string;
  bigPlaylist: string;
  mixedPlaylist: string;
  collaborativePlaylist: string;
  /** Followed, owned by someone else, not collaborative. */
  othersPlaylist: string;
}
