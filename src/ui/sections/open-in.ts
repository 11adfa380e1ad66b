import type { Api } from '../../api/api.js';
import type { DetailsTarget } from '../details-target.js';
import type { PlayStarter } from '../play/play-starter.js';
import { chapterRequest, episodeInShowRequest, trackInAlbumRequest } from '../play/play-request.js';
import { albumTracks } from './albums.js';
import { artistAlbums } from './artists.js';
import { chapters } from './audiobooks.js';
import type { LibraryTab } from '../../keys/sections.js';
import { episodes } from './shows.js';
import { drilled, type Drilled } from './types.js';

/**
 * Where anything found (by search, or by name with `:`) opens: in its section's view, on that section's tab
 * (an album's tracks under Albums, an artist's albums under Artists, a show's episodes under Saved shows, an
 * audiobook's chapters under Audiobooks, a playlist's items through the app), or, for what plays, played in
 * its context (a track in its album, an episode in its show, a chapter in its audiobook).
 */
export interface Opener {
  api: Api;
  player: PlayStarter;
  /** Shows `drilled` on `tab`, over its list alone. */
  drill(tab: LibraryTab, drilled: Drilled): void;
  openPlaylist: (playlist: Extract<DetailsTarget, { kind: 'playlist' }>['playlist']) => void;
}

export function openTarget(target: DetailsTarget, opener: Opener): void {
  const { player } = opener;
  switch (target.kind) {
    case 'track':
      if (!player.refuseUnplayable(target.track)) player.start(trackInAlbumRequest(target.track));
      return;
    case 'episode':
      if (!player.refuseUnplayable(target.episode)) player.start(episodeInShowRequest(opener.api, target.episode));
      return;
    case 'chapter':
      if (target.chapter.audiobook === null) return player.refuse("can't play this chapter: its audiobook is not known");
      if (!player.refuseUnplayable(target.chapter)) player.start(chapterRequest(target.chapter.audiobook, target.chapter));
      return;
    case 'album':
      return opener.drill('albums', drilled(albumTracks, target.album));
    case 'artist':
      return opener.drill('artists', drilled(artistAlbums, target.artist));
    case 'playlist':
      return opener.openPlaylist(target.playlist);
    case 'show':
      return opener.drill('shows', drilled(episodes, target.show));
    case 'audiobook':
      return opener.drill('audiobooks', drilled(chapters, target.audiobook));
  }
}
