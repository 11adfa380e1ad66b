import { createContext, useContext, useEffect } from 'react';
import type { PlaybackState } from '../../api/types.js';
import type { PlaybackCommand } from '../playback-commands.js';
import type { PlaybackController } from './use-playback.js';

/** What the dashboard shows of the player, and its own way of running a command (as its keys do). */
export interface LinkedPlayback {
  /** Undefined before the first answer, null when nothing plays. */
  playback: PlaybackState | null | undefined;
  receivedAt: number;
  run(command: PlaybackCommand): void;
}

/** `playdeck add [--to NAME]` as the dashboard runs it: what plays, to the playlist named (null: the one last added to). */
export type PlayingAdder = (to: string | null) => Promise<{ ok: true; said: string } | { ok: false; reason: string }>;

/** Something outside the tree that wants to follow the playback and run commands (the status socket). */
export interface PlaybackLink {
  update(linked: LinkedPlayback): void;
  /** Where `playdeck add` goes while the dashboard runs (null once it stops). */
  setAdder?(adder: PlayingAdder | null): void;
}

export const PlaybackLinkContext = createContext<PlaybackLink | null>(null);

/** Hands the playback to the link of the nearest provider, if any, each time it changes. */
export function usePlaybackLink(playback: PlaybackController): void {
  const link = useContext(PlaybackLinkContext);
  const { data, receivedAt, run } = playback;
  useEffect(() => {
    link?.update({ playback: data, receivedAt, run });
  }, [link, data, receivedAt, run]);
}
