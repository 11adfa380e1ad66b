import { memo, useEffect, useMemo, useState } from 'react';
import type { SearchType } from '../../api/library-types.js';
import { useSearch } from './use-search.js';
import { useKeyBindings } from '../context/bindings-context.js';
import type { PickerCommand } from '../keys/keymap.js';
import { layoutRow } from '../row-layout.js';
import { foundTarget } from './search-rows.js';
import { addSourceOfTarget } from '../add-source.js';
import { sanitizeText } from '../sanitize.js';
import { useServices } from '../context/app-services.js';
import { actionEntries, rankGoTo, sectionEntries, targetEntries, type GoToEntry } from './go-to.js';
import { windowTop } from '../state/search-results.js';
import { Picker, PICKER_FRAME_ROWS, pickerCursorAfter, pickerRowWidth, type PickerRow } from './Picker.js';

/** The kinds `:` also searches the catalog for, once per query: what it opens. */
const GO_TO_TYPES: readonly SearchType[] = ['playlist', 'artist', 'album', 'show', 'audiobook'];
/** Entries ranked and kept: more than a screen, few enough that a key ranks in well under a frame. */
const SHOWN = 200;

export interface GoToOverlayProps {
  width: number;
  height: number;
  onClose(): void;
  /** Enter: goes to the section, opens the item, or runs the action (the overlay closes first). */
  onChoose(entry: GoToEntry): void;
}

/**
 * `:`: go anywhere by part of a name, ranked like fzf (state/fuzzy.ts): the sections, every action, and the
 * playlists, shows, audiobooks, albums and artists the lists have loaded, with what one search of the catalog
 * finds for the text (paced as `f` is).
 */
export const GoToOverlay = memo(function GoToOverlay({ width, height, onClose, onChoose }: GoToOverlayProps) {
  const [text, setText] = useState('');
  const bindings = useKeyBindings();
  const { loaded, editor } = useServices();
  const playlists = editor?.actions;
  // What is loaded when it opens: the lists stay as they are meanwhile (they are hidden).
  const known = useMemo(() => [...sectionEntries(), ...actionEntries(bindings), ...targetEntries(loaded.targets())], [bindings, loaded]);
  const search = useSearch(text, GO_TO_TYPES);
  const groups = search.answer?.groups;
  const entries = useMemo(() => {
    if (groups === undefined) return known;
    const uris = new Set(known.flatMap((entry) => (entry.kind === 'target' ? [entry.uri] : [])));
    return [...known, ...targetEntries(groups.flatMap((group) => group.items.map(foundTarget)), uris)];
  }, [known, groups]);
  const ranked = useMemo(() => rankGoTo(text, entries, SHOWN), [text, entries]);

  const [cursor, setCursor] = useState(0);
  const [top, setTop] = useState(0);
  useEffect(() => {
    setCursor(0);
    setTop(0);
  }, [text]);
  const visible = Math.max(1, height - PICKER_FRAME_ROWS);
  const at = Math.min(cursor, Math.max(0, ranked.length - 1));
  const shownTop = windowTop(top, at, visible, ranked.length);
  useEffect(() => setTop(shownTop), [shownTop]);

  const rowWidth = pickerRowWidth(width, false);
  const rows = ranked.slice(shownTop, shownTop + visible).map(({ item }): PickerRow => ({
    kind: 'item',
    text: layoutRow([{ text: sanitizeText(item.name), grow: 3 }, { text: sanitizeText(item.note), grow: 2, align: 'right' }], rowWidth),
  }));

  const onCommand = (command: PickerCommand): void => {
    switch (command.type) {
      case 'cursor':
        return setCursor(pickerCursorAfter(command.action, at, visible, ranked.length));
      case 'choose': {
        const chosen = ranked[at];
        if (chosen === undefined) return;
        onClose();
        onChoose(chosen.item);
        return;
      }
      case 'add': {
        const chosen = ranked[at];
        if (chosen === undefined) return;
        onClose();
        playlists?.add(chosen.item.kind === 'target' ? addSourceOfTarget(chosen.item.target) : null);
        return;
      }
      case 'close':
        return onClose();
    }
  };

  const note = search.error !== null ? `couldn't search: ${sanitizeText(search.error)}` : search.isSearching ? 'searching…' : `${ranked.length === SHOWN ? `${SHOWN}+` : ranked.length} found`;
  return (
    <Picker
      title="Go to"
      prompt=":"
      text={text}
      onText={setText}
      note={note}
      empty={text.trim() === '' ? 'Nothing to go to.' : `Nothing matches “${sanitizeText(text.trim())}”.`}
      rows={rows}
      cursor={at - shownTop}
      onCommand={onCommand}
      width={width}
      height={height}
    />
  );
});
