/** Formatting shared by the catalog generators: image sets, ISO dates, and descriptions in plain text and HTML. */
import { ORIGIN } from '../store/documents.js';
import type { SeedImage } from './types.js';

export const IMAGE_SIZES = [640, 300, 64];

/** The three sizes every catalog object carries, largest first as the real service lists them. */
export function imagesFor(id: string): SeedImage[] {
  return IMAGE_SIZES.map((size) => ({
    // Rendered with the request's origin: the service serves these pictures itself (routes/images.ts).
    url: `${ORIGIN}/images/${id}-${size}.png`,
    height: size,
    width: size,
  }));
}

/** `YYYY-MM-DD` of an epoch-ms instant (UTC). */
export function isoDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** An ISO 8601 UTC timestamp to the second, the form the real service uses for `added_at`. */
export function isoTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19) + 'Z';
}

export interface Description {
  description: string;
  html_description: string;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * One text in both forms. Each string is a paragraph (`<p>`); `*phrase*` marks bold (`<b>`). The plain
 * form drops the marks and joins paragraphs with a blank line.
 */
export function describe(paragraphs: string[]): Description {
  return {
    description: paragraphs.map((paragraph) => paragraph.replace(/\*/g, '')).join('\n\n'),
    html_description: paragraphs
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\*([^*]+)\*/g, '<b>$1</b>')}</p>`)
      .join(''),
  };
}
