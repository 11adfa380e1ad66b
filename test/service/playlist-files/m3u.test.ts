import { describe, expect, it } from 'vitest';
import { decodeFileText, encodeFileText } from '../../../src/service/playlist-files/file-text.js';
import { keyOfLocalUri, localUri, locate, nameOfKey } from '../../../src/service/playlist-files/locations.js';
import { formatM3u, keptOnRemoval, locationOf, parseM3u, playlistNameOf, withPlaylistName } from '../../../src/service/playlist-files/m3u.js';

/** The lines of a playlist file, their encodings and where they point (decisions §21). */
const EXTENDED = ['#EXTM3U', '#PLAYLIST:Road trip', '# side A', '#EXTINF:181,Ana - One', 'Album/01 One.mp3', '', '/abs/two.flac', 'http://radio.example/stream', '# the end'];

describe('parsing', () => {
  it('keeps the header, gives each entry the lines above it, and keeps the trailer', () => {
    const document = parseM3u(EXTENDED.join('\n') + '\n');
    expect(document.header).toEqual(['#EXTM3U', '#PLAYLIST:Road trip']);
    expect(document.entries.map((entry) => entry.lines)).toEqual([
      ['# side A', '#EXTINF:181,Ana - One', 'Album/01 One.mp3'],
      ['', '/abs/two.flac'],
      ['http://radio.example/stream'],
    ]);
    expect(document.trailer).toEqual(['# the end']);
    expect(document.entries.map(locationOf)).toEqual(['Album/01 One.mp3', '/abs/two.flac', 'http://radio.example/stream']);
    expect(playlistNameOf(document.header)).toBe('Road trip');
  });

  it.each([
    { name: 'Unix', eol: '\n' },
    { name: 'Windows', eol: '\r\n' },
    { name: 'old Mac', eol: '\r' },
  ])('reads $name line endings and writes them back as they were, the last one too', ({ eol }) => {
    for (const finalEol of [true, false]) {
      const text = EXTENDED.join(eol) + (finalEol ? eol : '');
      const document = parseM3u(text);
      expect(document.eol).toBe(eol);
      expect(document.entries).toHaveLength(3);
      expect(formatM3u(document)).toBe(text);
    }
  });

  it('reads a plain list of paths, and an empty file', () => {
    const document = parseM3u('a.mp3\nb.mp3\n');
    expect(document.header).toEqual([]);
    expect(document.entries.map(locationOf)).toEqual(['a.mp3', 'b.mp3']);
    expect(formatM3u(parseM3u(''))).toBe('');
  });

  it('moves an entry with its #EXTINF, and leaves its comments behind when it is removed', () => {
    const document = parseM3u(EXTENDED.join('\n') + '\n');
    const [first, second, third] = document.entries;
    expect(formatM3u({ ...document, entries: [second!, first!, third!] })).toBe(
      ['#EXTM3U', '#PLAYLIST:Road trip', '', '/abs/two.flac', '# side A', '#EXTINF:181,Ana - One', 'Album/01 One.mp3', 'http://radio.example/stream', '# the end', ''].join('\n'),
    );
    expect(keptOnRemoval(first!)).toEqual(['# side A']);
  });

  it('names a playlist in a #PLAYLIST: line, after an #EXTM3U it adds when missing', () => {
    expect(withPlaylistName(['#EXTM3U', '#PLAYLIST:Old'], 'New')).toEqual(['#EXTM3U', '#PLAYLIST:New']);
    expect(withPlaylistName([], 'New')).toEqual(['#EXTM3U', '#PLAYLIST:New']);
    expect(withPlaylistName(['#EXTM3U', '#PLAYLIST:Old'], null)).toEqual(['#EXTM3U']);
  });
});

describe('encodings', () => {
  const bytes = (...values: number[]) => Buffer.from(values);

  it('reads an .m3u8 as UTF-8, keeping a byte-order mark', () => {
    const withBom = Buffer.concat([bytes(0xef, 0xbb, 0xbf), Buffer.from('Café.mp3\n')]);
    const read = decodeFileText(withBom, 'x.m3u8');
    expect(read).toMatchObject({ text: 'Café.mp3\n', encoding: 'utf-8', bom: true, problem: null });
    expect(encodeFileText(read.text, read.encoding, read.bom).bytes.equals(withBom)).toBe(true);
  });

  it('reads a plain .m3u that is not UTF-8 as Windows-1252, and writes every byte back as it was', () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte).filter((byte) => byte !== 10 && byte !== 13));
    const file = Buffer.concat([Buffer.from('Caf'), bytes(0xe9), Buffer.from(' '), bytes(0x80), Buffer.from('.mp3\n'), every]);
    const read = decodeFileText(file, 'x.m3u');
    expect(read.encoding).toBe('windows-1252');
    expect(read.text.startsWith('Café €.mp3\n')).toBe(true);
    const written = encodeFileText(read.text, read.encoding, read.bom);
    expect(written.encoding).toBe('windows-1252');
    expect(written.bytes.equals(file)).toBe(true);
  });

  it('writes a Windows-1252 file whose new line that encoding cannot hold as UTF-8, whole', () => {
    const written = encodeFileText('Café.mp3\n東京.mp3\n', 'windows-1252', false);
    expect(written.encoding).toBe('utf-8');
    expect(written.bytes.toString('utf8')).toBe('Café.mp3\n東京.mp3\n');
  });

  it('keeps an .m3u8 that is not valid UTF-8 from being written (its bytes would not survive)', () => {
    const read = decodeFileText(Buffer.concat([Buffer.from('Caf'), bytes(0xe9), Buffer.from('.mp3\n')]), 'x.m3u8');
    expect(read.problem).toMatch(/not valid UTF-8/);
  });
});

describe('where a line points', () => {
  const folder = '/music';
  const here = '/music/Playlists';

  it('resolves a relative path against the playlist, an absolute one as it is', () => {
    expect(locate('../Album/01.mp3', here, folder)).toEqual({ key: 'Album/01.mp3', paths: ['/music/Album/01.mp3'] });
    expect(locate('/elsewhere/x.mp3', here, folder)).toMatchObject({ key: '/elsewhere/x.mp3', paths: ['/elsewhere/x.mp3'] });
  });

  it('reads a file:// URL as its path, a Windows path with / too, and another URL as no file', () => {
    expect(locate('file:///music/Album/a%20b.mp3', here, folder)).toMatchObject({ key: 'Album/a b.mp3', paths: ['/music/Album/a b.mp3'] });
    expect(locate('..\\Album\\01.mp3', here, folder).paths).toEqual(['/music/Playlists/..\\Album\\01.mp3', '/music/Album/01.mp3']);
    expect(locate('https://radio.example/live', here, folder)).toEqual({ key: 'https://radio.example/live', paths: [] });
  });

  it('names an unavailable line by a local URI that gives its key back', () => {
    for (const key of ['Album/a:b é.mp3', '/elsewhere/x.mp3', 'http://radio.example/a?b=c']) {
      const uri = localUri(key);
      expect(uri.split(':')).toHaveLength(6);
      expect(keyOfLocalUri(uri)).toBe(key);
    }
    expect(keyOfLocalUri('spotify:local:Artist:Album:Title:215')).toBe('Title');
    expect(keyOfLocalUri('playdeck:track:0123456789012345678901')).toBeNull();
    expect([nameOfKey('Old\\Album\\01 One.mp3'), nameOfKey('Album/02.mp3'), nameOfKey('http://radio.example/a')]).toEqual(['01 One.mp3', '02.mp3', 'http://radio.example/a']);
  });
});
