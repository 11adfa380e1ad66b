import { useApi } from '../api-context.js';
import type { ArtMode } from '../art/mode.js';
import type { PlayableItem } from '../../api/types.js';
import { useCoverArt, type CoverBox } from '../hooks/use-cover-art.js';
import { CoverArt } from './CoverArt.js';

export interface CoverPictureProps {
  item: PlayableItem;
  box: CoverBox;
  mode: ArtMode;
}

/** The cover of `item` in its box: fetched through the API, a placeholder of the same size until it comes. */
export function CoverPicture({ item, box, mode }: CoverPictureProps) {
  const api = useApi();
  const cover = useCoverArt({ item, box, mode, fetchImage: api.getImage });
  return <CoverArt cover={cover ?? { kind: 'placeholder' }} columns={box.columns} rows={box.rows} />;
}
