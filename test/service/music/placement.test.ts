import { describe, expect, it } from 'vitest';
import { noTags, type FileTags } from '../../../src/service/music/file-tags.js';
import { idOf, keyText } from '../../../src/service/music/ids.js';
import { chplChapters } from '../../../src/service/music/mp4-chapters.js';
import { itemIds, placeOf } from '../../../src/service/music/placement.js';
import { tagText, tagTexts } from '../../../src/service/music/tag-text.js';

const tags = (overrides: Partial<FileTags>): FileTags => ({ ...noTags(null), ...overrides });

describe('where a file goes, by its tags (decisions §19)', () => {
  it('makes ids of 22 base-62 characters, one per kind and key', () => {
    expect(idOf('track', 'a')).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(idOf('track', 'a')).toBe(idOf('track', 'a'));
    expect(idOf('album', 'a')).not.toBe(idOf('track', 'a'));
    expect(keyText('  The  BEATLES ')).toBe('the beatles');
    expect(keyText('Café')).not.toBe(keyText('Cafe'));
  });

  it('files a track by album artist and album, whatever its path; a tagless one by its path', () => {
    const tagged = tags({ title: 'Dawn', artists: ['Alice'], album: 'First', albumArtists: ['Alice'], track: 1 });
    const here = placeOf('music', 'Alice/First/01.mp3', tagged);
    const moved = placeOf('music', 'elsewhere/dawn.mp3', tagged);
    expect(moved).toEqual(here);
    expect(placeOf('music', 'a.mp3', noTags(null)).itemKey).not.toBe(placeOf('music', 'b.mp3', noTags(null)).itemKey);
    // A compilation without an album artist is filed under Various Artists, whoever sings each track.
    const one = placeOf('music', 'x/1.mp3', tags({ title: 'A', artists: ['Bob'], album: 'Hits', compilation: true }));
    const two = placeOf('music', 'x/2.mp3', tags({ title: 'B', artists: ['Carol'], album: 'Hits', compilation: true }));
    expect(one.containerId).toBe(two.containerId);
    // MusicBrainz ids win over names.
    const named = placeOf('music', 'x.flac', tags({ title: 'A', album: 'One', musicbrainzAlbum: 'mb-1', musicbrainzTrack: 'mb-t' }));
    expect(named).toEqual(placeOf('music', 'y.flac', tags({ title: 'Other', album: 'Two', musicbrainzAlbum: 'mb-1', musicbrainzTrack: 'mb-t' })));
  });

  it('makes episodes of the podcasts folder and audiobooks of .m4b files and of .m4a files with chapters', () => {
    expect(placeOf('podcasts', 'Show/ep.mp3', noTags(null)).kind).toBe('episode');
    expect(placeOf('music', 'book.m4b', noTags(null)).kind).toBe('audiobook');
    const chapters = [{ title: null, startMs: 0, endMs: 1 }, { title: null, startMs: 1, endMs: null }];
    expect(placeOf('music', 'book.m4a', tags({ chapters })).kind).toBe('audiobook');
    expect(placeOf('music', 'song.m4a', noTags(null)).kind).toBe('track');
  });

  it('tells two files of one key apart by path: the first by path keeps the key, and a third moves neither', () => {
    const file = (path: string) => ({ path, itemKey: 'same' });
    const [b, c] = [file('b.mp3'), file('c.mp3')];
    const two = itemIds('track', [c, b]);
    expect(two.get(b)).toBe(idOf('track', 'same'));
    expect(two.get(c)).not.toBe(two.get(b));
    const d = file('d.mp3');
    const three = itemIds('track', [d, b, c]);
    expect([three.get(b), three.get(c)]).toEqual([two.get(b), two.get(c)]);
  });
});

describe('tag text', () => {
  it('is one line of plain text: control characters (C0, DEL, C1) gone, spaces collapsed, cut at 300 characters', () => {
    expect(tagText('Evil\u001b]0;x\u0007\nname\u009b')).toBe('Evil ]0;x name');
    expect(tagText(' \u0000 ')).toBeNull();
    expect(tagText(42)).toBeNull();
    expect([...tagText('é'.repeat(400))!]).toHaveLength(300);
    expect(tagTexts(['A', 'A', '', null, 'B'])).toEqual(['A', 'B']);
  });
});

describe("an MP4's Nero chapters", () => {
  it('reads the starts and titles of moov/udta/chpl, each chapter ending where the next starts', () => {
    const chapter = (startMs: number, title: string) => {
      const bytes = Buffer.alloc(9 + Buffer.byteLength(title));
      bytes.writeBigUInt64BE(BigInt(startMs * 10_000));
      bytes[8] = Buffer.byteLength(title);
      bytes.write(title, 9);
      return bytes;
    };
    const body = Buffer.concat([Buffer.from([1, 0, 0, 0, 0, 0, 0, 0, 2]), chapter(0, 'One'), chapter(1500, 'Two\u0007')]);
    const atom = (name: string, content: Buffer) => {
      const header = Buffer.alloc(8);
      header.writeUInt32BE(content.length + 8);
      header.write(name, 4, 'latin1');
      return Buffer.concat([header, content]);
    };
    expect(chplChapters(atom('udta', atom('chpl', body)))).toEqual([
      { title: 'One', startMs: 0, endMs: 1500 },
      { title: 'Two', startMs: 1500, endMs: null },
    ]);
    expect(chplChapters(atom('udta', Buffer.alloc(0)))).toBeNull();
  });
});
