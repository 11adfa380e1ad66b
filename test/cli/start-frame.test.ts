import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdUntilFirstAnswer, keepStartFrame, readStartFrame, startFrameFile, type FrameFit } from '../../src/cli/start-frame.js';
import { keepFrameForNextStart, nowPlayingRows } from '../../src/cli/start-frame-keep.js';
import type { PlaybackState } from '../../src/api/types.js';
import { useFakeClock } from '../helpers/fake-clock.js';

let made: string | undefined;
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (made !== undefined) rmSync(made, { recursive: true, force: true });
  made = undefined;
});
const newDir = (): string => (made = mkdtempSync(join(tmpdir(), 'playdeck-start-frame-')));

const GREEN = '\u001B[32m';
const RESET = '\u001B[0m';
const DIM = '\u001B[2m';
const strip = (row: string): string => row.replace(/\u001B\[[0-9;]*m/g, '');
/** A row of a pane 40 columns wide: its border, a space, `inside` padded to the border. */
const inPane = (inside: string): string => `│ ${inside}${' '.repeat(37 - strip(inside).length)}│`;
const COVER = `${GREEN}▀▀▀▀${RESET}  `;
/** A Now playing pane 40 columns wide as the dashboard draws it: a cover of 4 columns, the clock, up next. */
const PANE = [
  `╭─ 1 Now playing ${'─'.repeat(22)}╮`,
  inPane(`${COVER}${GREEN}▶ Playing  Silver Song${RESET}`),
  inPane(`${COVER}Ada · First Light`),
  inPane(`${COVER}${DIM}web player · shuffle off${RESET}`),
  inPane(`${COVER}0:02 ━━━──────────── 3:00`),
  inPane(`      Next  Other Song · Ada`),
  `╰${'─'.repeat(38)}╯`,
  `[2 Playlists] 3 Saved shows`,
];

const fit: FrameFit = { columns: 40, rows: 12, look: '["default"]' };
const playback = (isPlaying: boolean): PlaybackState =>
  ({ is_playing: isPlaying, progress_ms: 2_000, item: { duration_ms: 180_000 } }) as unknown as PlaybackState;

describe('the start frame', () => {
  it('keeps the Now playing pane as the first frame after an answer draws it: the cover as its placeholder, no clock, no up next', () => {
    const rows = nowPlayingRows(PANE)!;
    expect(rows.map(strip)).toEqual([
      strip(PANE[0]!),
      inPane('░░░░  ▶ Playing  Silver Song'),
      inPane('░░░░  Ada · First Light'),
      inPane('░░░░  web player · shuffle off'),
      inPane('░░░░'),
      inPane(''),
      PANE[6],
    ]);
    // The title keeps its colour, the placeholder is dim as CoverArt draws it.
    expect(rows[1]).toContain(`${GREEN}▶ Playing`);
    expect(rows[1]).toContain(`${DIM}░░░░`);
  });

  it('keeps nothing when the pane is focused, says nothing plays or is covered', () => {
    expect(nowPlayingRows([PANE[0]!.replace('╭', '┏'), ...PANE.slice(1)])).toBeNull();
    expect(nowPlayingRows([PANE[0]!, inPane('Nothing is playing.'), PANE[6]!])).toBeNull();
    expect(nowPlayingRows(['╭─ Help ─╮', '│ ? help │', '╰────────╯'])).toBeNull();
  });

  it('is read back only for the same size and look, and before the item shown would have ended', () => {
    const dir = newDir();
    const file = startFrameFile('embedded:/x.db', { XDG_STATE_HOME: dir });
    expect(file.startsWith(join(dir, 'playdeck', 'start-frame'))).toBe(true);
    keepStartFrame(file, ['a', 'b'], fit, { validUntil: 10_000, art: 'auto' }, 1_000);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readStartFrame(file, fit, 9_999)).toEqual({ rows: ['a', 'b'], validUntil: 10_000, art: 'auto' });
    expect(readStartFrame(file, fit, 10_000)).toBeNull();
    expect(readStartFrame(file, { ...fit, columns: 41 }, 5_000)).toBeNull();
    expect(readStartFrame(file, { ...fit, rows: 13 }, 5_000)).toBeNull();
    expect(readStartFrame(file, { ...fit, look: '["light"]' }, 5_000)).toBeNull();
    keepStartFrame(file, ['paused'], fit, { validUntil: null, art: 'off' }, 1_000);
    expect(readStartFrame(file, fit, Number.MAX_SAFE_INTEGER)).toEqual({ rows: ['paused'], validUntil: null, art: 'off' });
    keepStartFrame(file, null, fit, { validUntil: null, art: 'auto' });
    expect(statSync(file, { throwIfNoEntry: false })).toBeUndefined();
  });

  it('is not painted once the database was written after it (a command played something else meanwhile) or is gone', () => {
    const dir = newDir();
    const db = join(dir, 'playdeck.db');
    writeFileSync(db, '');
    utimesSync(db, 1, 1);
    const file = startFrameFile(`embedded:${db}`, { XDG_STATE_HOME: dir });
    keepStartFrame(file, ['a'], fit, { validUntil: null, art: 'auto' }, 5_000);
    expect(readStartFrame(file, { ...fit, db })?.rows).toEqual(['a']);
    writeFileSync(`${db}-wal`, 'x');
    expect(readStartFrame(file, { ...fit, db })).toBeNull();
    // A database removed since: the next start seeds a new one.
    rmSync(`${db}-wal`);
    rmSync(db);
    expect(readStartFrame(file, { ...fit, db })).toBeNull();
  });

  it('reads a damaged or foreign file as no frame, and a folder it cannot write costs only the frame', () => {
    const dir = newDir();
    const file = join(dir, 'frame.json');
    writeFileSync(file, '{"v":2,"columns":40');
    expect(readStartFrame(file, fit)).toBeNull();
    writeFileSync(file, JSON.stringify({ v: 2, columns: 40, rows: 12, look: fit.look, keptAt: 0, validUntil: null, art: 'auto', frame: [1, 2] }));
    expect(readStartFrame(file, fit)).toBeNull();
    writeFileSync(join(dir, 'a-file'), '');
    expect(() => keepStartFrame(join(dir, 'a-file', 'frame.json'), ['a'], fit, { validUntil: null, art: 'auto' })).not.toThrow();
  });

  it('is kept at quit until a playing item would end, and for good when paused; nothing when nothing plays; as it was before an answer', () => {
    const dir = newDir();
    const slot = { file: join(dir, 'frame.json'), fit, painted: null };
    keepFrameForNextStart(slot, PANE, { playback: playback(true), receivedAt: 50_000 }, 'auto');
    expect(JSON.parse(readFileSync(slot.file, 'utf8')).validUntil).toBe(50_000 + 178_000);
    keepFrameForNextStart(slot, PANE, { playback: playback(false), receivedAt: 50_000 }, 'auto');
    expect(JSON.parse(readFileSync(slot.file, 'utf8')).validUntil).toBeNull();
    // Quit before the player answered: nothing learnt, the frame painted is kept again as of now.
    const before = JSON.parse(readFileSync(slot.file, 'utf8'));
    keepFrameForNextStart({ ...slot, painted: { rows: before.frame, validUntil: null, art: 'auto', abandon: () => {} } }, [], null, 'auto');
    const after = JSON.parse(readFileSync(slot.file, 'utf8'));
    expect(after).toMatchObject({ frame: before.frame, validUntil: null });
    expect(after.keptAt).toBeGreaterThanOrEqual(before.keptAt);
    keepFrameForNextStart(slot, PANE, { playback: null, receivedAt: 50_000 }, 'auto');
    expect(statSync(slot.file, { throwIfNoEntry: false })).toBeUndefined();
  });

  it('holds the screen until the player\'s first answer, or two seconds without one', async () => {
    useFakeClock();
    const listeners = new Set<() => void>();
    let snapshot: { playback: PlaybackState | null; receivedAt: number } | null = null;
    const playbackLink = { snapshot: () => snapshot, subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)) };
    const screen = { release: vi.fn() };
    holdUntilFirstAnswer(screen, playbackLink);
    for (const listener of listeners) listener();
    expect(screen.release).not.toHaveBeenCalled();
    snapshot = { playback: null, receivedAt: 1 };
    for (const listener of listeners) listener();
    expect(screen.release).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
    const silent = { release: vi.fn() };
    holdUntilFirstAnswer(silent, { snapshot: () => null, subscribe: () => () => {} });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(silent.release).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.release).toHaveBeenCalledTimes(1);
  });

  /** A frame file as a start keeps it, with `frame` for its rows and `extra` after its JSON. */
  const frameFile = (file: string, frame: unknown[], extra = '') =>
    writeFileSync(file, JSON.stringify({ v: 2, columns: fit.columns, rows: fit.rows, look: fit.look, keptAt: 0, validUntil: null, art: 'auto', frame }) + extra);

  it('is painted as any other text: its colours kept, every other escape sequence and control a placeholder', () => {
    const dir = newDir();
    const file = join(dir, 'frame.json');
    const hostile = `${GREEN}▶ Playing${RESET} \u001b]0;owned\u0007\u001b[2J\u001b]52;c;cm0gLXJm\u0007\u009b31m\u0007end`;
    frameFile(file, [hostile, `${DIM}plain${RESET}`]);
    const rows = readStartFrame(file, fit)!.rows;
    expect(rows[0]).toContain(`${GREEN}▶ Playing`);
    expect(rows[0]).toContain('end');
    // Only SGR sequences (colours, weights) are left of what was escaped.
    expect(rows.join('').replace(/\u001b\[[0-9;]*m/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(rows[0]).toContain('\u241b');
    expect(rows[1]).toBe(`${DIM}plain${RESET}`);
  });

  it('is a screen at most: rows wider than the terminal are cut, and a file larger than its rows and columns is not read', () => {
    const dir = newDir();
    const file = join(dir, 'frame.json');
    frameFile(file, [`${GREEN}${'x'.repeat(fit.columns + 10)}${RESET}`]);
    expect(readStartFrame(file, fit)!.rows[0]!.replace(/\u001b\[[0-9;]*m/g, '')).toBe('x'.repeat(fit.columns));
    // A frame whole and valid, but followed by 4 MB: refused on its size, before it is parsed.
    frameFile(file, ['a'], ' '.repeat(4 * 1024 * 1024));
    expect(readStartFrame(file, fit)).toBeNull();
    frameFile(file, ['x'.repeat(4 * 1024 * 1024)]);
    expect(readStartFrame(file, fit)).toBeNull();
  });

  it("is read only from a folder and a file of this user that nobody else may write, never through a link", () => {
    const dir = newDir();
    const folder = join(dir, 'start-frame');
    mkdirSync(folder, { mode: 0o700 });
    const file = join(folder, 'frame.json');
    frameFile(file, ['a']);
    expect(readStartFrame(file, fit)?.rows).toEqual(['a']);
    chmodSync(folder, 0o777);
    expect(readStartFrame(file, fit)).toBeNull();
    chmodSync(folder, 0o700);
    chmodSync(file, 0o666);
    expect(readStartFrame(file, fit)).toBeNull();
    chmodSync(file, 0o600);
    vi.spyOn(process, 'getuid').mockReturnValue(process.getuid!() + 1);
    expect(readStartFrame(file, fit)).toBeNull();
    vi.restoreAllMocks();
    const elsewhere = join(dir, 'elsewhere.json');
    frameFile(elsewhere, ['b']);
    symlinkSync(elsewhere, join(folder, 'link.json'));
    expect(readStartFrame(join(folder, 'link.json'), fit)).toBeNull();
  });
});
