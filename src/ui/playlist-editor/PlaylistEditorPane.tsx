import { memo } from 'react';
import type { SimplifiedPlaylist } from '../../api/types.js';
import { formatCount } from '../format.js';
import { playlistEntryRequest, wholeContextRequest } from '../play/play-request.js';
import { usePlayStarter } from '../context/play-starter.js';
import { sanitizeText } from '../sanitize.js';
import { useServices } from '../context/app-services.js';
import { READ_ONLY_TITLE } from './model/access.js';
import type { LibraryPaneProps } from '../list/library-pane-props.js';
import { LibraryListView, listBodySize } from '../list/LibraryListView.js';
import { usePlaylistEditor } from './hooks/use-playlist-editor.js';

export interface PlaylistEditorPaneProps extends LibraryPaneProps {
  /** The playlist whose items are shown; its `tracks.total` sizes the list before the first page. */
  playlist: SimplifiedPlaylist;
  /** On screen, focused or not (by default: while focused). */
  isShown?: boolean;
  /** Esc (with no filter or mark on, and once moves are saved): back to the playlists. */
  onBack(): void;
}

/**
 * A playlist's entries, reordered by keyboard: `K`/`J` move the entry under the cursor or the range marked
 * with `v`, a count moves further, `u`/Ctrl+R undo and redo, and the moves save by themselves (or on `w`).
 * Only the pages around the window are ever fetched.
 */
export const PlaylistEditorPane = memo(function PlaylistEditorPane(props: PlaylistEditorPaneProps) {
  const { playlist, isFocused, width, height } = props;
  const { rows, rowWidth } = listBodySize(width, height);
  const starter = usePlayStarter();
  const editor = usePlaylistEditor({
    ...props,
    height: rows,
    width: rowWidth,
    onPlay: (at) => {
      if (at === null) return starter?.start(wholeContextRequest({ kind: 'playlist', playlist }));
      const { track } = at.entry;
      if (track === null) return starter?.refuse("can't play: this entry is unreadable");
      if (starter?.refuseUnplayable(track) === false) starter.start(playlistEntryRequest(playlist, track, at.position));
    },
  });
  const total = editor.list.total ?? playlist.tracks.total;
  // Renamed here since the list was read: the name given.
  const name = useServices().editor?.names.get(playlist.id) ?? playlist.name;
  const title = [
    `${sanitizeText(name)} · ${formatCount(total)} ${total === 1 ? 'item' : 'items'}${editor.isReadOnly ? READ_ONLY_TITLE : ''}`,
    editor.markedCount > 0 ? `${formatCount(editor.markedCount)} marked` : '',
    editor.count === '' ? '' : `count ${editor.count}`,
  ]
    .filter((part) => part !== '')
    .join(' · ');
  return (
    <LibraryListView
      title={title}
      emptyText="This playlist is empty."
      list={editor.list}
      details={props.details}
      isFocused={isFocused}
      width={width}
      height={height}
    />
  );
});
