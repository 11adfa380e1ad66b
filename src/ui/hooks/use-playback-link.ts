import { createContext, useContext, useEffect } from 'react';
import type { PlaybackState } from '../../api/types.js';
import type { PlaybackCommand } from '../playback-commands.js';
import type { PlaybackController } from './use-playback.js';
import type { SleepControl } from './use-sleep-timer.js';

/** What the dashboard shows of the player, and its own way of running a command (as its keys do). */
export interface LinkedPlayback {
  /** Undefined before the first answer, null when nothing plays. */
  playback: PlaybackState | null | undefined;
  receivedAt: number;
  run(command: PlaybackCommand): void;
  /** The sleep timer, for `playdeck sleep` (absent where the tree has none). */
  sleep?: SleepControl;
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

/** Hands the playback (and the sleep timer) to the link of the nearest provider, if any, each time it changes. */
export function usePlaybackLink(playback: PlaybackController, sleep?: SleepControl): void {
  const link = useContext(PlaybackLinkContext);
  const { data, receivedAt, run } = playback;
  useEffect(() => {
    link?.update({ playback: data, receivedAt, run, ...(sleep ? { sleep } : {}) });
  }, [link, data, receivedAt, run, sleep]);
}
