import { withinLimit, type Figure, type Limit } from './figures.js';

/** The bench's figures as a plain-text table, each followed by how it was measured. */

function formatValue(value: number | null, unit: Figure['unit']): string {
  if (value === null) return 'n/a';
  const number = Math.abs(value) >= 1000 ? Math.round(value).toLocaleString('en-US') : String(value);
  return unit === 'ratio' || unit === 'count' ? number : `${number} ${unit}`;
}

function formatLimit(limit: Limit | undefined, unit: Figure['unit']): string {
  if (limit === undefined) return '';
  return 'max' in limit ? `≤ ${formatValue(limit.max, unit)}` : `≥ ${formatValue(limit.min, unit)}`;
}

export function verdict(figure: Figure): string {
  if (figure.value === null) return figure.budget || figure.floor ? 'not measured' : '';
  const budget = figure.budget === undefined ? null : withinLimit(figure.value, figure.budget);
  const floor = figure.floor === undefined ? null : withinLimit(figure.value, figure.floor);
  if (floor === false) return 'BELOW FLOOR';
  if (budget === false) return floor === true ? 'over budget (floor ok)' : 'OVER BUDGET';
  return budget === true || floor === true ? 'ok' : '';
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

/** `before`: figures of an earlier run, shown beside the new ones where the names match. */
export function formatTable(figures: readonly Figure[], before?: readonly Figure[]): string {
  const previous = new Map(before?.map((figure) => [`${figure.section}/${figure.name}`, figure]));
  const header = ['section', 'figure', ...(before ? ['before'] : []), 'value', 'budget', 'floor', 'verdict'];
  const rows = figures.map((figure) => {
    const earlier = previous.get(`${figure.section}/${figure.name}`);
    return [
      figure.section,
      figure.name,
      ...(before ? [earlier ? formatValue(earlier.value, earlier.unit) : ''] : []),
      formatValue(figure.value, figure.unit),
      formatLimit(figure.budget, figure.unit),
      formatLimit(figure.floor, figure.unit),
      verdict(figure),
    ];
  });
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => [...row[column]!].length)));
  const line = (cells: string[]): string => cells.map((cell, column) => pad(cell, widths[column]!)).join('  ').trimEnd();
  const out = [line(header), widths.map((width) => '─'.repeat(width)).join('  ')];
  rows.forEach((row, index) => {
    const figure = figures[index]!;
    out.push(line(row));
    out.push(`    how: ${figure.method}${figure.note ? ` (${figure.note})` : ''}`);
  });
  return out.join('\n');
}
