import type { PlayableItem } from '../../api/types.js';
import type { DetailsTarget } from '../details-target.js';

/**
 * What `l` likes: the kinds a person keeps in their library (liked songs, saved albums, followed artists,
 * saved shows and audiobooks), by URI. Pure.
 */
export type LikeKind = 'track' | 'album' | 'artist' | 'show' | 'audiobook';

/** The mark of a liked row and of what plays when liked: a character, so that it shows without colours too. */
export const LIKED_MARK = '♥';

export interface Likeable {
  kind: LikeKind;
  uri: string;
  name: string;
}

/** The likeable thing a details target names, or null (an episode, a chapter, a playlist). */
export function likeableOf(target: DetailsTarget | null): Likeable | null {
  switch (target?.kind) {
    case 'track':
      // A local file (a playlist file's line naming no file) is no item of the catalog: nothing to ask about.
      return target.track.is_local ? null : { kind: 'track', uri: target.track.uri, name: target.track.name };
    case 'album':
      return { kind: 'album', uri: target.album.uri, name: target.album.name };
    case 'artist':
      return { kind: 'artist', uri: target.artist.uri, name: target.artist.name };
    case 'show':
      return { kind: 'show', uri: target.show.uri, name: target.show.name };
    case 'audiobook':
      return { kind: 'audiobook', uri: target.audiobook.uri, name: target.audiobook.name };
    case 'episode':
    case 'chapter':
    case 'playlist':
    case undefined:
      return null;
  }
}

/** What plays, when it can be liked (a track; an episode or chapter is kept through its show or audiobook). */
export function likeableItem(item: PlayableItem | null | undefined): Likeable | null {
  return item?.type === 'track' ? { kind: 'track', uri: item.uri, name: item.name } : null;
}

/** Why `l` does nothing here, for the status line. */
export function unlikeableReason(target: DetailsTarget | null): string {
  switch (target?.kind) {
    case 'episode':
      return "can't like an episode: like its show in Saved shows";
    case 'chapter':
      return "can't like a chapter: like its audiobook";
    case 'playlist':
      return "can't like a playlist here";
    default:
      return 'nothing to like here';
  }
}

/** The words of a like and its undoing, by kind: liked songs, followed artists, saved albums, shows and audiobooks. */
export function likeWords(kind: LikeKind, isLiked: boolean): string {
  if (kind === 'track') return isLiked ? 'liked' : 'unliked';
  if (kind === 'artist') return isLiked ? 'following' : 'unfollowed';
  return isLiked ? 'saved' : 'removed from your library';
}

/** The infinitive for a refusal: "couldn't like", "couldn't unfollow". */
export function likeVerb(kind: LikeKind, isLiking: boolean): string {
  if (kind === 'track') return isLiking ? 'like' : 'unlike';
  if (kind === 'artist') return isLiking ? 'follow' : 'unfollow';
  return isLiking ? 'save' : 'remove';
}
