import { useContext, useEffect, useRef } from 'react';
import type { Api } from '../../../api/api.js';
import type { PlayableItem } from '../../../api/types.js';
import { PlaybackLinkContext } from '../../hooks/use-playback-link.js';
import { addPlayingByName } from '../add-by-name.js';
import type { EditSessions } from '../edit-sessions.js';
import type { RecentPlaylists } from '../recent-playlists.js';

/** Hands `playdeck add` (through the status socket) the dashboard's way of adding what plays, for as long as it runs. */
export function useAddLink(api: Api, sessions: EditSessions, recent: RecentPlaylists, playing: PlayableItem | null | undefined): void {
  const link = useContext(PlaybackLinkContext);
  const item = useRef(playing);
  item.current = playing;
  useEffect(() => {
    if (link?.setAdder === undefined) return;
    const controller = new AbortController();
    link.setAdder((to) => addPlayingByName({ api, sessions, recent, item: item.current, to, signal: controller.signal }));
    return () => {
      controller.abort();
      link.setAdder?.(null);
    };
  }, [link, api, sessions, recent]);
}
