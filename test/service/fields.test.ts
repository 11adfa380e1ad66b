import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldsError, parseFields, projectFields } from '../../src/service/fields.js';

const user = {
  external_urls: { spotify: 'https://open.example/user/ann' },
  href: 'http://127.0.0.1/v1/users/ann',
  id: 'ann',
  type: 'user',
  uri: 'spotify:user:ann',
};
const album = {
  album_type: 'album',
  external_urls: { spotify: 'https://open.example/album/1' },
  href: 'http://127.0.0.1/v1/albums/1',
  id: '1',
  images: [{ url: 'https://i.example/1.jpg', height: 640, width: 640 }],
  name: 'First Light',
  type: 'album',
};
const track = {
  album,
  artists: [{ id: 'a1', name: 'Low Tide', type: 'artist' }],
  duration_ms: 201_000,
  href: 'http://127.0.0.1/v1/tracks/t1',
  id: 't1',
  name: 'Morning',
  type: 'track',
};
const page = {
  href: 'http://127.0.0.1/v1/playlists/p1/tracks?offset=0&limit=20',
  items: [
    { added_at: '2024-01-02T03:04:05Z', added_by: user, is_local: false, track },
    { added_at: '2024-02-03T04:05:06Z', added_by: null, is_local: false, track: null },
  ],
  limit: 20,
  next: null,
  offset: 0,
  previous: null,
  total: 2,
};

const project = (fields: string, value: unknown = page): unknown => projectFields(value, parseFields(fields));

describe('projectFields with the spec examples', () => {
  it('selects a nested field with a dot: added_by.id', () => {
    expect(project('added_by.id', page.items[0])).toEqual({ added_by: { id: 'ann' } });
  });

  it('selects fields inside each array element: items(added_at,added_by.id)', () => {
    expect(project('items(added_at,added_by.id)')).toEqual({
      items: [
        { added_at: '2024-01-02T03:04:05Z', added_by: { id: 'ann' } },
        { added_at: '2024-02-03T04:05:06Z', added_by: null },
      ],
    });
  });

  it('drills down with nested parentheses: items(track(name,href,album(name,href)))', () => {
    expect(project('items(track(name,href,album(name,href)))')).toEqual({
      items: [
        { track: { album: { href: album.href, name: 'First Light' }, href: track.href, name: 'Morning' } },
        { track: null },
      ],
    });
  });

  it('excludes with a leading !: items.track.album(!external_urls,images) drops both, keeps the rest', () => {
    const { external_urls: _urls, images: _images, ...albumRest } = album;
    expect(project('items.track.album(!external_urls,images)')).toEqual({
      items: [{ track: { album: albumRest } }, { track: null }],
    });
  });

  it('applies to paging keys: total,limit', () => {
    expect(project('total,limit')).toEqual({ total: 2, limit: 20 });
  });
});

describe('projectFields', () => {
  it('applies a dot on an array to each element, like parentheses', () => {
    expect(project('items.added_by.id')).toEqual(project('items(added_by(id))'));
    expect(project('items.track.artists.name')).toEqual({
      items: [{ track: { artists: [{ name: 'Low Tide' }] } }, { track: null }],
    });
  });

  it('excludes at the top level too, keeping the paging keys', () => {
    const { items: _items, ...pagingKeys } = page;
    expect(project('!items')).toEqual(pagingKeys);
  });

  it('merges repeated paths and lets a whole field win over a part of it', () => {
    expect(project('items.track.name,items.track.id,total')).toEqual(project('total,items(track(id,name))'));
    expect(project('items.track.name,items')).toEqual({ items: page.items });
  });

  it('keeps what either an exclusion or an inclusion of the same field keeps', () => {
    expect(project('items(!track),items(added_at)')).toEqual(project('items(!track)'));
    expect(project('items(!track),items(track.id)')).toEqual({
      items: [
        { added_at: '2024-01-02T03:04:05Z', added_by: user, is_local: false, track: { id: 't1' } },
        { added_at: '2024-02-03T04:05:06Z', added_by: null, is_local: false, track: null },
      ],
    });
  });

  it('ignores unknown names', () => {
    expect(project('total,no_such_field,items(nope,added_at.deeper)')).toEqual({
      total: 2,
      items: [{ added_at: '2024-01-02T03:04:05Z' }, { added_at: '2024-02-03T04:05:06Z' }],
    });
  });

  it('shares values it keeps whole instead of copying them, and leaves the input untouched', () => {
    const before = structuredClone(page);
    const projected = project('items(track,added_by(!type))') as typeof page;
    expect(projected.items[0]!.track).toBe(track);
    expect(projected.items[0]!.added_by!.external_urls).toBe(user.external_urls);
    expect(page).toEqual(before);
  });

  it('keeps keys in the order of the source object', () => {
    expect(Object.keys(project('total,limit,href') as object)).toEqual(['href', 'limit', 'total']);
  });

  it('is idempotent on random selections of known names', () => {
    const known = ['items', 'track', 'album', 'name', 'href', 'id', 'images', 'url', 'total', 'added_by', 'artists'];
    const path = fc
      .array(fc.constantFrom(...known), { minLength: 1, maxLength: 4 })
      .map((names) => names.join('.'));
    const fields = fc.array(path, { minLength: 1, maxLength: 4 }).map((paths) => paths.join(','));
    fc.assert(
      fc.property(fields, (input) => {
        const selection = parseFields(input);
        const once = projectFields(page, selection);
        expect(projectFields(once, selection)).toEqual(once);
      }),
      { seed: 99, numRuns: 200 },
    );
  });
});

function errorOf(input: string): FieldsError {
  try {
    parseFields(input);
  } catch (error) {
    return error as FieldsError;
  }
  throw new Error(`expected ${JSON.stringify(input)} not to parse`);
}

describe('parseFields errors', () => {
  it.each([
    ['items(track', 'unbalanced parenthesis at position 5'],
    ['a(b(c)', 'unbalanced parenthesis at position 1'],
    ['items(track))', 'unbalanced parenthesis at position 12'],
    ['total)', 'unbalanced parenthesis at position 5'],
    ['', 'empty name at position 0'],
    ['total,,limit', 'empty name at position 6'],
    ['items()', 'empty name at position 6'],
    ['items.', 'empty name at position 6'],
    ['.total', 'empty name at position 0'],
    ['!', 'empty name at position 1'],
    ['total,limit,', 'trailing comma at position 11'],
    ['items(track,)', 'trailing comma at position 11'],
    ['items(added_at,!track)', "'!' can only start a group at position 15"],
    ['total,!limit', "'!' can only start a group at position 6"],
    ['items(!track.name)', 'an excluded field must be a plain name at position 12'],
    ['items(!track(name))', 'an excluded field must be a plain name at position 12'],
    ['total limit', 'unexpected character " " at position 5'],
    ['items(track)name', 'unexpected character "n" at position 12'],
    ['items(track name)', 'unexpected character " " at position 11'],
    ['to-tal', 'unexpected character "-" at position 2'],
    ['items.!track', 'unexpected character "!" at position 6'],
    ['trackü', 'unexpected character "ü" at position 5'],
  ])('%j: %s', (input, reason) => {
    const error = errorOf(input);
    expect(error).toBeInstanceOf(FieldsError);
    expect(error.message).toBe(`Invalid fields: ${reason}`);
    expect(error.position).toBe(Number(reason.split(' ').at(-1)));
  });

  it('throws only FieldsError, never anything else, on arbitrary input', () => {
    const unit = fc.constantFrom('a', 'b', '_', '1', ',', '.', '(', ')', '!', ' ', '-');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), (input) => {
        try {
          parseFields(input);
        } catch (error) {
          expect(error).toBeInstanceOf(FieldsError);
        }
      }),
      { seed: 5, numRuns: 500 },
    );
  });
});

describe('parseFields limits', () => {
  it('accepts 1,024 characters and rejects 1,025', () => {
    expect(() => parseFields('a'.repeat(1024))).not.toThrow();
    expect(() => parseFields('a'.repeat(1025))).toThrow('Invalid fields: longer than 1024 characters');
  });

  it('accepts nesting 16 deep and rejects 17, counting dots and parentheses alike', () => {
    const dotted = (depth: number) => Array.from({ length: depth }, () => 'a').join('.');
    const grouped = (depth: number) => `${'a('.repeat(depth - 1)}a${')'.repeat(depth - 1)}`;
    expect(() => parseFields(dotted(16))).not.toThrow();
    expect(() => parseFields(grouped(16))).not.toThrow();
    expect(() => parseFields(dotted(17))).toThrow('Invalid fields: nesting deeper than 16 at position 32');
    expect(() => parseFields(grouped(17))).toThrow('Invalid fields: nesting deeper than 16 at position 32');
    expect(() => parseFields(`a(${dotted(15)}(!b))`)).toThrow('Invalid fields: nesting deeper than 16 at position 33');
  });
});
