/**
 * The kitty graphics protocol (kitty, WezTerm, ghostty, Konsole): a picture sent as PNG in base64 chunks of
 * at most 4096 bytes, shown over `columns` × `rows` cells at the cursor, the cursor left where it was (C=1)
 * and no answer asked for (q=2: an answer would arrive as keys). Each picture has an id so that it can be
 * deleted again without clearing the screen. Terminals that do not speak it ignore these sequences.
 */
const CHUNK = 4096;
const APC = '\u001b_G';
const ST = '\u001b\\';

export function kittyImage(png: Buffer, columns: number, rows: number, id: number): string {
  const payload = png.toString('base64');
  let out = '';
  for (let offset = 0; offset < payload.length; offset += CHUNK) {
    const more = offset + CHUNK < payload.length ? 1 : 0;
    const keys = offset === 0 ? `a=T,f=100,q=2,C=1,i=${id},c=${columns},r=${rows},m=${more}` : `m=${more}`;
    out += `${APC}${keys};${payload.slice(offset, offset + CHUNK)}${ST}`;
  }
  return out;
}

/** Deletes the picture `id`, its placement and its data (d=I), wherever it is. */
export function kittyDelete(id: number): string {
  return `${APC}a=d,d=I,i=${id},q=2${ST}`;
}

/** The id of the question below; pictures are numbered from 1, far from it. */
const QUERY_ID = 4_031_979;

/**
 * Asks whether the terminal draws kitty graphics, as the protocol's documentation suggests: a 1×1 picture to
 * check but not keep (a=q). A terminal that speaks the protocol answers `ESC _G i=…;OK ESC \` among the keys;
 * one that does not says nothing, so nobody waits for the answer.
 */
export const KITTY_QUERY = `${APC}i=${QUERY_ID},s=1,v=1,a=q,t=d,f=24;AAAA${ST}`;

/** Whether an answer the terminal sent (an APC string) says yes to KITTY_QUERY. */
export function saysKittyGraphics(answer: string): boolean {
  return answer.startsWith(`${APC}i=${QUERY_ID}`) && /;OK\u001b\\$/.test(answer);
}
