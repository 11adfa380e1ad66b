import { useApi } from '../context/api-context.js';
import type { ArtMode } from '../art/mode.js';
import type { PlayableItem } from '../../api/types.js';
import { useCoverArt, type CoverBox } from '../hooks/use-cover-art.js';
import { useLog } from '../context/log-context.js';
import { useTerminalPictures } from '../context/terminal-pictures.js';
import { CoverArt } from './CoverArt.js';
import { TerminalPictureBox } from './TerminalPictureBox.js';

export interface CoverPictureProps {
  item: PlayableItem;
  box: CoverBox;
  mode: ArtMode;
}

/** The cover of `item` in its box: fetched through the API, a placeholder of the same size until it comes. */
export function CoverPicture({ item, box, mode }: CoverPictureProps) {
  const api = useApi();
  const log = useLog();
  const pictures = useTerminalPictures();
  const cover = useCoverArt({ item, box, mode, fetchImage: api.getImage, onProblem: log });
  if (cover?.kind === 'terminal' && pictures) return <TerminalPictureBox picture={cover.picture} pictures={pictures} />;
  return <CoverArt cover={cover?.kind === 'picture' ? cover : { kind: 'placeholder' }} columns={box.columns} rows={box.rows} />;
}
