/** An image as rows of RGBA bytes, the one shape the decoder, the scaler and the encoders share. */
export interface Pixels {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row. */
  data: Uint8Array;
}

export type Rgb = readonly [number, number, number];

/** The colour of one pixel, composed over black where it is see-through. */
export function rgbAt(image: Pixels, x: number, y: number): Rgb {
  const offset = (y * image.width + x) * 4;
  const alpha = image.data[offset + 3]! / 255;
  return [
    Math.round(image.data[offset]! * alpha),
    Math.round(image.data[offset + 1]! * alpha),
    Math.round(image.data[offset + 2]! * alpha),
  ];
}
