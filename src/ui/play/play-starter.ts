import type { Chapter, Episode, Track } from '../../api/types.js';
import type { PlayRequest } from './play-request.js';

/** What Enter and `P` play through: the dashboard's (app/use-play-start.ts), read from the services (context/play-starter.ts). */
export interface PlayStarter {
  /**
   * Plays the request: shown at once, one command, then one poll; a refusal puts the previous state back.
   * A request still being worked out (a show's first unfinished episode) plays once known, unless another
   * start came meanwhile.
   */
  start(request: PlayRequest | Promise<PlayRequest>): void;
  /** A line for the status bar (why a key cannot act). */
  refuse(message: string): void;
  /** When `item` cannot play here, says why ("can't play: not available in GB") and returns true. */
  refuseUnplayable(item: Track | Episode | Chapter): boolean;
}
