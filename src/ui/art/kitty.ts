/**
 * The kitty graphics protocol: a PNG sent as base64 in chunks of at most 4096 bytes, shown over
 * `columns` × `rows` cells at the cursor, the cursor left where it was (C=1). The image's id lets the next
 * picture replace it (and `kittyDelete` remove it) without clearing the screen.
 */
const CHUNK = 4096;

export function kittyImage(png: Buffer, columns: number, rows: number, id: number): string {
  const payload = png.toString('base64');
  let out = '';
  for (let offset = 0; offset < payload.length; offset += CHUNK) {
    const more = offset + CHUNK < payload.length ? 1 : 0;
    const keys = offset === 0 ? `a=T,f=100,q=2,C=1,i=${id},c=${columns},r=${rows},m=${more}` : `m=${more}`;
    out += `\u001b_G${keys};${payload.slice(offset, offset + CHUNK)}\u001b\\`;
  }
  return out;
}

export function kittyDelete(id: number): string {
  return `\u001b_Ga=d,d=I,i=${id},q=2\u001b\\`;
}
