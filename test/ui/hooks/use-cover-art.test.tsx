import { Text } from 'ink';
import { describe, expect, it, vi } from 'vitest';
import type { PlayableItem } from '../../../src/api/types.js';
import { ImageFetchError } from '../../../src/api/images.js';
import { coverPng } from '../../../src/service/images/cover-picture.js';
import { CoverArt } from '../../../src/ui/components/CoverArt.js';
import { useCoverArt, type CoverBox } from '../../../src/ui/hooks/use-cover-art.js';
import type { ArtMode } from '../../../src/ui/art/mode.js';
import { createFakeCatalog } from '../../helpers/fake-catalog.js';
import { renderApp } from '../../helpers/render.js';

const BLOCKS: ArtMode = { kind: 'blocks', depth: 'truecolor' };
const BOX: CoverBox = { columns: 10, rows: 5 };

type FetchImage = <T>(url: string, decode: (bytes: Buffer) => T | Promise<T>) => Promise<T>;

/** A fetcher that hands `bytesFor(url)` to the hook's decoder, as Api.getImage does. */
const serving = (bytesFor: (url: string) => Buffer): FetchImage => async (url, decode) => await decode(bytesFor(url));

function Probe(props: { item: PlayableItem | null; mode?: ArtMode; fetchImage: FetchImage; problems?: string[] }) {
  const cover = useCoverArt({
    item: props.item,
    box: BOX,
    mode: props.mode ?? BLOCKS,
    fetchImage: props.fetchImage,
    onProblem: (message) => props.problems?.push(message),
  });
  if (cover === null) return <Text>no cover</Text>;
  if (cover.kind === 'terminal') return <Text>terminal picture {cover.picture.png.length} bytes</Text>;
  return <CoverArt cover={cover} columns={BOX.columns} rows={BOX.rows} />;
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
    const fetchImage = serving((url) => {
      asked.push(url);
      return coverPng(url, 64);
    });
    const app = renderApp(<Probe item={first!} fetchImage={fetchImage} />);
    await app.waitForFrame('▀▀▀▀▀▀▀▀▀▀');
    app.rerender(<Probe item={sameAlbum} fetchImage={fetchImage} />);
    app.rerender(<Probe item={second!} fetchImage={fetchImage} />);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[0]).toBe(`http://pictures/${first!.album.id}-64.png`);
    expect(asked).toHaveLength(2);
  });

  it.each([
    ['not an image', () => Buffer.from('<html>'), /not a PNG or JPEG/],
    ['a corrupt PNG', () => coverPng('x', 64).subarray(0, 60), /cannot decode the image/],
    ['a PNG of too many pixels', () => {
      const huge = Buffer.from(coverPng('x', 8));
      huge.writeUInt32BE(100_000, 16);
      huge.writeUInt32BE(100_000, 20);
      return huge;
    }, /image too large/],
  ])('shows a placeholder of the same size for %s, and says why once', async (_name, bytes, reason) => {
    const problems: string[] = [];
    const app = renderApp(<Probe item={first!} fetchImage={serving(bytes)} problems={problems} />);
    await app.waitForFrame(() => problems.length === 1);
    expect(app.frame()).toContain('░'.repeat(10));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^cover art: http://pictures/${first!.album.id}-64\\.png: `));
    expect(problems[0]).toMatch(reason);
  });

  it('leaves a picture that could not be fetched to the fetcher to log', async () => {
    const problems: string[] = [];
    const failures: Promise<Buffer>[] = [];
    const fetchImage = <T,>(): Promise<T> => {
      failures.push(Promise.reject(new ImageFetchError('cannot fetch http://pictures/x: 404')));
      return failures.at(-1)! as Promise<T>;
    };
    const app = renderApp(<Probe item={first!} fetchImage={fetchImage} problems={problems} />);
    await app.waitForFrame(() => failures.length === 1);
    // The hook's handlers were chained first: once this one ran and the loop turned, theirs have too.
    await failures[0]!.catch(() => {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(app.frame()).toContain('░'.repeat(10));
    expect(problems).toEqual([]);
  });

  it('asks a picture large enough for the terminal to draw in kitty mode, and hands it over as PNG', async () => {
    const asked: string[] = [];
    const fetchImage = serving((url) => {
      asked.push(url);
      return coverPng(url, 300);
    });
    const app = renderApp(<Probe item={first!} mode={{ kind: 'kitty' }} fetchImage={fetchImage} />);
    const frame = await app.waitForFrame(/terminal picture \d+ bytes/);
    expect(asked).toEqual([`http://pictures/${first!.album.id}-300.png`]);
    expect(Number(/(\d+) bytes/.exec(frame)![1])).toBeGreaterThan(100);
  });

  it('draws nothing when the mode is off', async () => {
    const app = renderApp(<Probe item={first!} mode={{ kind: 'off' }} fetchImage={serving(() => coverPng('x', 64))} />);
    await app.waitForFrame('no cover');
  });
});
