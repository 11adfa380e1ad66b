import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatRelativeDate, formatTimeLeft, stripHtml } from '../../src/ui/format.js';

describe('formatDuration', () => {
  it('reads minutes and seconds, with hours when there are any', () => {
    expect(formatDuration(187_000)).toBe('3:07');
    expect(formatDuration(187_999)).toBe('3:07');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59_999)).toBe('0:59');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(36_000_000)).toBe('10:00:00');
  });

  it('shows a placeholder for nonsense', () => {
    expect(formatDuration(-1)).toBe('-:--');
    expect(formatDuration(Number.NaN)).toBe('-:--');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('-:--');
  });
});

describe('formatTimeLeft', () => {
  it('says how much is left of something begun', () => {
    expect(formatTimeLeft({ fully_played: false, resume_position_ms: 60_000 }, 814_000)).toBe('12:34 left');
  });

  it('counts a missing or unstarted resume point from the start', () => {
    expect(formatTimeLeft(null, 2_700_000)).toBe('45:00 left');
    expect(formatTimeLeft({ fully_played: false, resume_position_ms: 0 }, 2_700_000)).toBe('45:00 left');
  });

  it('says played once fully played or at the end', () => {
    expect(formatTimeLeft({ fully_played: true, resume_position_ms: 0 }, 2_700_000)).toBe('played');
    expect(formatTimeLeft({ fully_played: false, resume_position_ms: 2_700_000 }, 2_700_000)).toBe('played');
  });

  it('keeps a placeholder for an unknown duration', () => {
    expect(formatTimeLeft(null, Number.NaN)).toBe('-:-- left');
  });
});

describe('stripHtml', () => {
  it('removes tags, keeping words apart', () => {
    expect(stripHtml('<p>First <b>bold</b> line.</p><p>Second</p>')).toBe('First bold line. Second');
    expect(stripHtml('one<br/>two')).toBe('one two');
  });

  it('decodes entities after removing tags, so escaped markup stays text', () => {
    expect(stripHtml('Rock &amp; roll &lt;b&gt; &#39;quoted&#x27; &hellip;')).toBe("Rock & roll <b> 'quoted' …");
    expect(stripHtml('&unknown; stays')).toBe('&unknown; stays');
  });

  it('folds whitespace and keeps a plain less-than sign', () => {
    expect(stripHtml('  a\n\n  <i>b</i>\t c &nbsp; ')).toBe('a b c');
    expect(stripHtml('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });

  it('reads hostile HTML in one pass: unclosed tags, scripts and comments by the hundred thousand', () => {
    // Each unclosed `<a` once sent a search to the end of the text: this description took hours.
    const unclosed = `Intro ${'<a'.repeat(300_000)} end`;
    expect(stripHtml(unclosed)).toBe(`Intro ${'<a'.repeat(300_000)} end`);
    expect(stripHtml(`x${'<script>'.repeat(100_000)}y`)).toBe('x y');
    expect(stripHtml(`x${'<!--'.repeat(100_000)}y`)).toBe('x');
    expect(stripHtml(`x${'&amp'.repeat(100_000)}y`)).toBe(`x${'&amp'.repeat(100_000)}y`);
  });

  it('drops scripts, styles and comments with their content', () => {
    expect(stripHtml('a<script>alert(1)</script>b<style>p{}</style>c<!-- hidden -->d')).toBe('a b c d');
  });

  it('never lets an entity or raw text smuggle a control sequence through', () => {
    expect(stripHtml('x&#27;[2Jy')).toBe('x␛y');
    expect(stripHtml('x&#x1b;]52;c;aGk=&#7;y')).toBe('x␛y');
    expect(stripHtml('<p>\x1b[31mred</p>')).toBe('␛red');
    expect(stripHtml('bad &#xD800; &#0; &#9999999;')).toBe('bad � � �');
  });

  it('gives an empty string for anything but a string', () => {
    expect(stripHtml(undefined)).toBe('');
    expect(stripHtml(42)).toBe('');
  });
});

describe('formatRelativeDate', () => {
  const now = Date.parse('2024-06-15T12:00:00Z');

  it('reads recent dates relative to now', () => {
    expect(formatRelativeDate('2024-06-15T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeDate('2024-06-15T11:59:00Z', now)).toBe('1 minute ago');
    expect(formatRelativeDate('2024-06-15T11:15:00Z', now)).toBe('45 minutes ago');
    expect(formatRelativeDate('2024-06-15T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeDate('2024-06-14T12:00:00Z', now)).toBe('1 day ago');
    expect(formatRelativeDate('2024-06-12T10:00:00Z', now)).toBe('3 days ago');
    expect(formatRelativeDate('2024-06-12T10:00:00Z', new Date(now))).toBe('3 days ago');
  });

  it('reads old dates, and dates in the future, as the date', () => {
    expect(formatRelativeDate('2024-05-01T08:00:00Z', now)).toBe('2024-05-01');
    expect(formatRelativeDate('2023-01-09', now)).toBe('2023-01-09');
    expect(formatRelativeDate('2024-07-01T00:00:00Z', now)).toBe('2024-07-01');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatRelativeDate('not a date', now)).toBe('');
    expect(formatRelativeDate('2024-06-15T11:00:00Z', Number.NaN)).toBe('');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });

  it('marks a count that is not a number', () => {
    expect(formatCount(Number.NaN)).toBe('?');
  });
});
