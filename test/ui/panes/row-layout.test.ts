import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { layoutRow } from '../../../src/ui/row-layout.js';

describe('layoutRow', () => {
  it('fits fixed cells and shares the rest by grow, right-aligning where asked', () => {
    const row = layoutRow(
      [
        { text: 'Name', grow: 2 },
        { text: 'Artist' },
        { text: '3:07', width: 6, align: 'right' },
      ],
      30,
    );
    expect(row).toBe('Name           Artist     3:07');
  });

  it('drops optional cells, last first, before the flexible ones get too narrow', () => {
    const cells = [
      { text: 'A long track name' },
      { text: '3:07', width: 7, align: 'right' as const },
      { text: '2 days ago', width: 12, align: 'right' as const, isOptional: true },
    ];
    expect(layoutRow(cells, 40)).toContain('2 days ago');
    expect(layoutRow(cells, 26)).not.toContain('2 days ago');
    expect(layoutRow(cells, 26)).toMatch(/^A long track name +3:07$/);
  });

  it('is exactly as wide as asked, whatever the texts (wide and combining characters included)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '漢', 'é', 'e\u0301', '🎵'), maxLength: 30 });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), fc.integer({ min: 20, max: 120 }), (texts, width) => {
        const cells = texts.map((t, index) => (index === 1 ? { text: t, width: 6, align: 'right' as const } : { text: t }));
        expect(stringWidth(layoutRow(cells, width))).toBe(width);
      }),
      { seed: 7_031, numRuns: 300 },
    );
  });
});
