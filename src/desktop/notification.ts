/**
 * The desktop notification of a new item (`[desktop] notify = true`): what it says, and when one is due.
 * Pure; desktop/session-bus.ts sends it (org.freedesktop.Notifications.Notify), replacing the one before.
 */
import type { PlaybackState } from '../api/types.js';
import { sanitizeText } from '../text/sanitize.js';
import { metadataOf } from './mpris-properties.js';

export interface ItemNotice {
  /** The title; escaped for servers that read markup. */
  summary: string;
  /** Who made it, then what it belongs to; escaped for servers that read markup. */
  body: string;
  /** The cover on disk, when it is there. */
  imagePath: string | null;
}

/** How long an item must stay before it is announced: a run of `n` presses gives one notice, with its cover. */
export const NOTICE_SETTLE_MS = 1_000;

/** What tells one item from the next: its id (null when nothing plays). */
export function itemKeyOf(playback: PlaybackState | null | undefined): string | null {
  const item = playback?.item;
  return item ? `${item.type}:${item.id}` : null;
}

/** A notice is due when another item plays than the one seen before; never for the first one seen (the start). */
export function isNoticeDue(before: string | null | undefined, after: string | null): boolean {
  return before !== undefined && after !== null && before !== after;
}

/** `&`, `<` and `>` as entities: text a server reads as markup (the specification's body-markup). */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The notice of what plays. `markup`: the server said it reads markup (body-markup), and some read it in the
 * summary as well, so both are escaped: a title `<a href=…>` shows as its name, never as a link. A server that
 * reads none shows the text as it is, entities and all, so it gets the plain text.
 */
export function noticeOf(playback: PlaybackState | null, imagePath: string | null, markup: boolean): ItemNotice | null {
  if (!playback?.item) return null;
  const metadata = metadataOf(playback, null);
  const artists = (metadata['xesam:artist']?.value as string[] | undefined) ?? [];
  const album = (metadata['xesam:album']?.value as string | undefined) ?? '';
  const body = [artists.join(', '), album].filter((part) => part !== '').join('\n');
  const summary = sanitizeText(playback.item.name);
  return markup ? { summary: escapeMarkup(summary), body: escapeMarkup(body), imagePath } : { summary, body, imagePath };
}
