/**
 * A playlist file's bytes as text and back (decisions §21): an `.m3u8` is UTF-8; a plain `.m3u` is UTF-8 when
 * its bytes are valid UTF-8, else Windows-1252 (the Latin-1 of the Windows players that made most of them), a
 * decoding that gives every byte a character, so a file read and written back unchanged keeps every byte. A
 * UTF-8 byte-order mark is kept if the file had one.
 */

export type TextEncodingName = 'utf-8' | 'windows-1252';

export interface FileText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
  /** Why the file must not be written back, after "its file X" (its bytes would not survive): an `.m3u8` that is not UTF-8. */
  problem: string | null;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export function isUtf8Playlist(path: string): boolean {
  return path.toLowerCase().endsWith('.m3u8');
}

export function decodeFileText(bytes: Buffer, path: string): FileText {
  const bom = bytes.subarray(0, 3).equals(BOM);
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8', bom, problem: null };
  } catch {
    if (isUtf8Playlist(path)) {
      // Shown all the same (each bad byte as U+FFFD), never written: the write would replace those bytes.
      return { text: new TextDecoder('utf-8').decode(body), encoding: 'utf-8', bom, problem: 'is not valid UTF-8, as an .m3u8 must be' };
    }
    return { text: fromWindows1252(body), encoding: 'windows-1252', bom, problem: null };
  }
}

/** The characters Windows-1252 puts at 0x80–0x9F (where Latin-1 has control characters), by byte. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const CP1252_BYTES = new Map([...CP1252_HIGH].map((character, index) => [character, 0x80 + index]));

/** Decoded here: Node's TextDecoder reads `windows-1252` as Latin-1, with control characters for 0x80–0x9F. */
function fromWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(...chunk).replace(/[\u0080-\u009f]/g, (character) => CP1252_HIGH[character.charCodeAt(0) - 0x80]!);
  }
  return text;
}

/** `text` in Windows-1252, or null when a character of it has no byte there. */
function windows1252(text: string): Buffer | null {
  const bytes = Buffer.allocUnsafe(text.length);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const byte = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : CP1252_BYTES.get(text[index]!);
    if (byte === undefined) return null;
    bytes[index] = byte;
  }
  return bytes;
}

/**
 * The bytes of `text` in the file's encoding, and the encoding they are in: a Windows-1252 file given a line
 * that encoding cannot hold (a name in another script) becomes UTF-8 as a whole, which holds every line.
 */
export function encodeFileText(text: string, encoding: TextEncodingName, bom: boolean): { bytes: Buffer; encoding: TextEncodingName } {
  const legacy = encoding === 'windows-1252' ? windows1252(text) : null;
  const body = legacy ?? Buffer.from(text, 'utf8');
  return { bytes: bom ? Buffer.concat([BOM, body]) : body, encoding: legacy ? 'windows-1252' : 'utf-8' };
}
