import { Box, type DOMElement } from 'ink';
import { useLayoutEffect, useRef } from 'react';
import type { TerminalPicture, TerminalPictures } from '../context/terminal-pictures.js';

export interface TerminalPictureBoxProps {
  picture: TerminalPicture;
  pictures: TerminalPictures;
}

/** A blank box of the picture's cells in Ink's frame; the terminal draws the picture over it. */
export function TerminalPictureBox({ picture, pictures }: TerminalPictureBoxProps) {
  const box = useRef<DOMElement>(null);

  // A layout effect, as the clock's: the picture goes out with the frame of this render.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    pictures.show(element, picture);
    return () => pictures.hide(element);
  }, [picture, pictures]);

  return <Box ref={box} width={picture.columns} height={picture.rows} flexShrink={0} marginRight={2} />;
}
