import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from '../../../src/keys/bindings.js';
import { LIBRARY_SECTIONS } from '../../../src/ui/sections/registry.js';
import { layoutTabLine, libraryTabs, type Tab, type TabLineLayout } from '../../../src/ui/sections/tab-line.js';

/** The library's tabs: seven beside Now playing. */
const SEVEN: readonly Tab<string>[] = [
  { tab: 'playlists', key: '2', label: 'Playlists', short: 'Playlists' },
  { tab: 'shows', key: '3', label: 'Saved shows', short: 'Shows' },
  { tab: 'audiobooks', key: '4', label: 'Audiobooks', short: 'Books' },
  { tab: 'continue', key: '5', label: 'Continue listening', short: 'Continue' },
  { tab: 'likedSongs', key: '6', label: 'Liked songs', short: 'Liked' },
  { tab: 'albums', key: '7', label: 'Albums', short: 'Albums' },
  { tab: 'artists', key: '8', label: 'Artists', short: 'Artists' },
];

/** The line as drawn: the marks and the cells. */
const line = ({ cells, hasBefore, hasAfter }: TabLineLayout<string>): string =>
  `${hasBefore ? '‹' : ''}${cells.map((cell) => cell.text).join('')}${hasAfter ? '›' : ''}`;

describe('the tab line', () => {
  it('names every library section with the key bound to its focus action', () => {
    const tabs = libraryTabs({ ...DEFAULT_BINDINGS, focusShows: ['S', '3'] });
    expect(tabs.map((tab) => tab.tab)).toEqual(LIBRARY_SECTIONS.map((section) => section.id));
    expect(tabs.find((tab) => tab.tab === 'shows')).toMatchObject({ key: 'S', label: 'Saved shows' });
    expect(line(layoutTabLine(tabs, 'shows', 120))).toMatch(/^ 2 Playlists \[S Saved shows\] 4 Audiobooks  5 Continue listening /);
    expect(tabs.slice(0, 4)).toEqual(SEVEN.slice(0, 4).map((tab, index) => (index === 1 ? { ...tab, key: 'S' } : tab)));
  });

  it('lays out the eight sections of the registry: the seven tabs above, within 80 columns', () => {
    expect(libraryTabs(DEFAULT_BINDINGS)).toEqual(SEVEN);
    for (const { tab } of SEVEN) expect(stringWidth(line(layoutTabLine(libraryTabs(DEFAULT_BINDINGS), tab, 80)))).toBeLessThanOrEqual(80);
  });

  it('keeps the full labels where they fit, the short ones where not', () => {
    expect(line(layoutTabLine(SEVEN, 'playlists', 120))).toBe(
      '[2 Playlists] 3 Saved shows  4 Audiobooks  5 Continue listening  6 Liked songs  7 Albums  8 Artists ',
    );
    const at80 = line(layoutTabLine(SEVEN, 'albums', 80));
    expect(at80).toBe(' 2 Playlists  3 Shows  4 Books  5 Continue  6 Liked [7 Albums] 8 Artists ');
    expect(stringWidth(at80)).toBeLessThanOrEqual(80);
  });

  it('scrolls around the shown tab where even the short ones do not fit, with marks for the rest', () => {
    for (const active of SEVEN.map((tab) => tab.tab)) {
      const layout = layoutTabLine(SEVEN, active, 40);
      expect(stringWidth(line(layout)), active).toBeLessThanOrEqual(40);
      expect(layout.cells.some((cell) => cell.isActive && cell.tab === active)).toBe(true);
    }
    expect(line(layoutTabLine(SEVEN, 'likedSongs', 40))).toBe('‹ 5 Continue [6 Liked] 7 Albums ›');
  });

  it('places each cell where the mouse finds it', () => {
    const { cells } = layoutTabLine(SEVEN, 'artists', 40);
    expect(cells[0]!.start).toBe(1);
    for (const [index, cell] of cells.entries()) if (index > 0) expect(cell.start).toBe(cells[index - 1]!.start + cells[index - 1]!.width);
  });
});
