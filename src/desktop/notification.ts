/**
 * The desktop notification of a new item (`[desktop] notify = true`): what it says, and when one is due.
 * Pure; desktop/session-bus.ts sends it (org.freedesktop.Notifications.Notify), replacing the one before.
 */
import type { PlaybackState } from '../api/types.js';
import { sanitizeText } from '../text/sanitize.js';
import { metadataOf } from './mpris-properties.js';

export interface ItemNotice {
  /** The title, as plain text. */
  summary: string;
  /** Who made it, then what it belongs to; escaped for servers that read markup in the body. */
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

/** `&`, `<` and `>` as entities: the body may be read as markup (the specification's body-markup). */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function noticeOf(playback: PlaybackState | null, imagePath: string | null): ItemNotice | null {
  if (!playback?.item) return null;
  const metadata = metadataOf(playback, null);
  const artists = (metadata['xesam:artist']?.value as string[] | undefined) ?? [];
  const album = (metadata['xesam:album']?.value as string | undefined) ?? '';
  const body = [artists.join(', '), album].filter((part) => part !== '').join('\n');
  return { summary: sanitizeText(playback.item.name), body: escapeMarkup(body), imagePath };
}
