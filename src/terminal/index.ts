/**
 * The terminal subsystem: how the dashboard's frames and keys meet a real terminal. Ink lays the React tree out
 * and renders each frame; from there on the code is ours:
 *
 * - screen.ts, the screen writer: Ink renders each frame whole into it; only the changed columns of each row
 *   reach the terminal, at absolute positions, at most 30 times a second.
 * - live-layer.ts and screen-spot.ts: lines that change with time alone (the clock) drawn over Ink's frame at
 *   the place Ink's layout gives their element, without a render (the UI's side is src/ui/context/live-lines.ts).
 * - fast-output.ts / ink-output.ts, widest-line.ts, measure-text.ts: Ink's own files replaced by ours, in the
 *   bundle and in the tests alike (the list is ink-replacements.mjs), which give the same text faster.
 * - widest-line.ts is the one memory of widths; bounded-cache.ts the one rule by which every memory here forgets.
 * - picture-layer.ts and kitty.ts: pictures the terminal draws itself (cover art with the kitty graphics
 *   protocol) over cells Ink leaves blank, written after the frame that holds them, deleted when they go.
 * - keyboard.ts: the terminal's input handed to Ink one keypress at a time, mouse reports and the terminal's
 *   answers (answers.ts) taken out.
 *
 * Why Ink is pinned to 6.8 (`~6.8.0`): Ink 7 requires Node 22 and the program supports Node 20; and our
 * replacements stand in for private files of Ink's build, checked against 6.8's own by property tests, so
 * even a minor release of Ink must be checked before it is taken.
 *
 * What Ink 7 on Node 22 would remove (read in Ink's repository, 7.0.0 to 7.1.1): its incremental rendering no
 * longer drifts a row when a frame ends with a newline (#910), and it can enter the alternate screen itself
 * (`alternateScreen`); that is one reason for the screen writer and a few lines of it, not the writer, which
 * also patches columns rather than rows and carries the live lines. The rest stays: Ink 7 still builds a new
 * Output every frame (and handles wide characters overwritten in new ways, #930, which ours would have to
 * follow), its measure-text still keeps every size it measured, and its input parser splits only backspaces
 * out of a run of typed characters.
 *
 * The terminal subsystem imports nothing of the UI but the LiveLines and TerminalPictures types it implements.
 */
export { createKeyboard } from './keyboard.js';
export { createScreen, type Screen } from './screen.js';
export { KITTY_QUERY, saysKittyGraphics } from './kitty.js';
