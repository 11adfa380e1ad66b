import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { padToWidth, sanitizeText, truncateToWidth } from '../../src/text/sanitize.js';

describe('sanitizeText', () => {
  it('leaves ordinary text alone, including non-Latin scripts and emoji', () => {
    for (const text of ['Hello, world', '東京の夜', 'Café déjà vu', 'שלום', '🎧 mix 👩‍👩‍👧', '']) {
      expect(sanitizeText(text)).toBe(text);
    }
  });

  it('turns an OSC 52 clipboard write into one placeholder', () => {
    expect(sanitizeText('before\x1b]52;c;aGVsbG8=\x07after')).toBe('before␛after');
    expect(sanitizeText('x\x1b]0;new title\x1b\\y')).toBe('x␛y');
    expect(sanitizeText('x\x9d8;;http://evil\x9cy')).toBe('x␛y');
  });

  it('neutralises CSI sequences, 7-bit and 8-bit', () => {
    expect(sanitizeText('\x1b[2JWiped')).toBe('␛Wiped');
    expect(sanitizeText('\x1b[31;1mred\x1b[0m')).toBe('␛red␛');
    expect(sanitizeText('a\x9b2Jb')).toBe('a␛b');
    expect(sanitizeText('\x1b[?1049h')).toBe('␛');
  });

  it('neutralises DCS, APC and short ESC sequences', () => {
    expect(sanitizeText('\x1bPq#0;2;0;0;0\x1b\\img')).toBe('␛img');
    expect(sanitizeText('\x1b_Gf=100;AAAA\x1b\\k')).toBe('␛k');
    expect(sanitizeText('\x1bcreset')).toBe('␛reset');
    expect(sanitizeText('\x1b(Bx')).toBe('␛x');
  });

  it('shows a lone ESC and the rest of an unterminated sequence as text', () => {
    expect(sanitizeText('end\x1b')).toBe('end␛');
    expect(sanitizeText('\x1b]52;c;unterminated')).toBe('␛52;c;unterminated');
    expect(sanitizeText('\x1b\x1b')).toBe('␛␛');
  });

  it('shows other controls as pictures and folds line breaks and tabs into spaces', () => {
    expect(sanitizeText('bell\x07nul\x00del\x7f')).toBe('bell␇nul␀del␡');
    expect(sanitizeText('one\ntwo\r\nthree\rfour\tfive\u2028six\x85seven')).toBe('one two three four five six seven');
    expect(sanitizeText('c1\x80\x9f')).toBe('c1��');
  });

  it('removes bidi overrides and isolates', () => {
    expect(sanitizeText('abc\u202Efed\u202C')).toBe('abcfed');
    expect(sanitizeText('\u2067evil\u2069')).toBe('evil');
  });

  it('replaces lone surrogates but keeps pairs', () => {
    expect(sanitizeText('a\ud800b\udc00c')).toBe('a�b�c');
    expect(sanitizeText('😀')).toBe('😀');
  });

  it('gives an empty string for anything that is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['a'], Symbol('s'), 10n]) expect(sanitizeText(value)).toBe('');
  });

  it('never lets a control character or ESC through and never throws (property)', () => {
    const anyCodeUnit = fc.integer({ min: 0, max: 0x2100 }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.string({ unit: anyCodeUnit, maxLength: 80, size: 'max' }), (text) => {
        const clean = sanitizeText(text);
        expect(clean).not.toMatch(/[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      }),
      { seed: 1337, numRuns: 2_000 },
    );
  });
});

describe('truncateToWidth', () => {
  it('keeps text that fits and cuts the rest with an ellipsis', () => {
    expect(truncateToWidth('Hello', 5)).toBe('Hello');
    expect(truncateToWidth('Hello world', 8)).toBe('Hello w…');
    expect(truncateToWidth('Hello', 1)).toBe('…');
    expect(truncateToWidth('Hello', 0)).toBe('');
    expect(truncateToWidth('Hello', Number.NaN)).toBe('');
  });

  it('counts wide characters as two columns and never splits one', () => {
    expect(truncateToWidth('東京の夜', 8)).toBe('東京の夜');
    expect(truncateToWidth('東京の夜', 7)).toBe('東京の…');
    expect(truncateToWidth('東京の夜', 6)).toBe('東京…');
    expect(stringWidth(truncateToWidth('東京の夜', 6))).toBe(5);
  });

  it('keeps combining marks with their letter', () => {
    const text = 'e\u0301e\u0301e\u0301e\u0301';
    expect(truncateToWidth(text, 4)).toBe(text);
    expect(truncateToWidth(text, 3)).toBe('e\u0301e\u0301…');
  });

  it('treats emoji sequences as one wide character', () => {
    expect(truncateToWidth('👩‍👩‍👧 family', 4)).toBe('👩‍👩‍👧 …');
    expect(truncateToWidth('👩‍👩‍👧 family', 2)).toBe('…');
  });

  it('never exceeds the width (property)', () => {
    const pieces = fc.constantFrom('a', 'Z', ' ', '東', 'ｶ', 'e\u0301', '😀', '👩‍👩‍👧', '…', 'ß');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30, size: 'max' }), fc.integer({ min: 0, max: 40 }), (parts, width) => {
        const text = parts.join('');
        const cut = truncateToWidth(text, width);
        expect(stringWidth(cut)).toBeLessThanOrEqual(width);
        if (stringWidth(text) <= width) expect(cut).toBe(text);
        else expect(cut).toMatch(width === 0 ? /^$/ : /…$/);
      }),
      { seed: 99, numRuns: 1_000 },
    );
  });
});

describe('padToWidth', () => {
  it('pads to exactly the width, on either side', () => {
    expect(padToWidth('ab', 5)).toBe('ab   ');
    expect(padToWidth('ab', 5, 'right')).toBe('   ab');
    expect(padToWidth('東京の夜', 6)).toBe('東京… ');
    expect(padToWidth('anything', 0)).toBe('');
  });
});
