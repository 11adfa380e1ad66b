import { Text } from 'ink';
import { describe, expect, it, vi } from 'vitest';
import type { PlayableItem } from '../../../src/api/types.js';
import { coverPng } from '../../../src/service/images/cover-picture.js';
import { CoverArt } from '../../../src/ui/components/CoverArt.js';
import { useCoverArt, type CoverBox } from '../../../src/ui/hooks/use-cover-art.js';
import type { ArtMode } from '../../../src/ui/art/mode.js';
import { createFakeCatalog } from '../../helpers/fake-catalog.js';
import { renderApp } from '../../helpers/render.js';

const BLOCKS: ArtMode = { kind: 'blocks', depth: 'truecolor' };
const BOX: CoverBox = { columns: 10, rows: 5 };

function Probe(props: { item: PlayableItem | null; mode?: ArtMode; fetchImage(url: string): Promise<Buffer>; problems?: string[] }) {
  const cover = useCoverArt({
    item: props.item,
    box: BOX,
    mode: props.mode ?? BLOCKS,
    fetchImage: props.fetchImage,
    onProblem: (message) => props.problems?.push(message),
  });
  return cover === null ? <Text>no cover</Text> : <CoverArt cover={cover} columns={BOX.columns} rows={BOX.rows} />;
}

describe('useCoverArt', () => {
  const catalog = createFakeCatalog();
  const withPictures = (track: (typeof catalog.tracks)[number]) => ({
    ...track,
    album: {
      ...track.album,
      images: [640, 300, 64].map((size) => ({ url: `http://pictures/${track.album.id}-${size}.png`, width: size, height: size })),
    },
  });
  const first = withPictures(catalog.tracks[0]!);
  const sameAlbum = withPictures(catalog.tracks.find((track) => track.id !== first.id && track.album.id === first.album.id)!);
  const second = withPictures(catalog.tracks.find((track) => track.album.id !== first.album.id)!);

  it('asks for the smallest picture that fills the box, once per picture, and draws half-blocks', async () => {
    const asked: string[] = [];
    const fetchImage = async (url: string) => {
      asked.push(url);
      return coverPng(url, 64);
    };
    const app = renderApp(<Probe item={first!} fetchImage={fetchImage} />);
    await app.waitForFrame('▀▀▀▀▀▀▀▀▀▀');
    app.rerender(<Probe item={sameAlbum} fetchImage={fetchImage} />);
    app.rerender(<Probe item={second!} fetchImage={fetchImage} />);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[0]).toBe(`http://pictures/${first!.album.id}-64.png`);
    expect(asked).toHaveLength(2);
  });

  it('shows a placeholder of the same size, and says why, when the picture cannot be had', async () => {
    const problems: string[] = [];
    const app = renderApp(<Probe item={first!} fetchImage={async () => Buffer.from('<html>')} problems={problems} />);
    await app.waitForFrame(() => problems.length === 1);
    expect(app.frame()).toContain('░'.repeat(10));
    expect(problems[0]).toMatch(/cover art: not a PNG or JPEG/);
  });

  it('draws nothing when the mode is off', async () => {
    const app = renderApp(<Probe item={first!} mode={{ kind: 'off' }} fetchImage={async () => coverPng('x', 64)} />);
    await app.waitForFrame('no cover');
  });
});
