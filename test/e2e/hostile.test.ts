/**
 * Issue 8, a hostile catalog on screen: names that carry terminal escapes (OSC 52 clipboard writes, window
 * titles, clear-screen and cursor moves, 8-bit C1 controls, hyperlinks), bidi overrides, very long and
 * wide-character names. They are written into a seeded database, then the dashboard shows them in tmux:
 * nothing but its own drawing sequences may reach the terminal, and the layout must hold.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, escapeRegExp, fileHolding, rowsOf, startDashboard, statusLineOf, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';
import { firstPlaylist, playlistEntries, type ServiceAccess } from '../helpers/e2e-service.js';
import { spawnServe, stopServe } from '../helpers/serve-child.js';
import { KITTY_QUERY } from '../../src/terminal/kitty.js';

const SCREEN_MS = 15_000;
const COLUMNS = 120;
const ROWS = 40;
const ESC = '\u001b';
const BEL = '\u0007';

/** The first six items of the first playlist get these names, in order; `shown` is how a list cell shows them. */
const HOSTILE_TRACKS = [
  { name: `Clipboard${ESC}]52;c;aGFja2VkIQ==${BEL}Thief`, shown: 'Clipboard␛Thief' },
  { name: `Screen${ESC}[2J${ESC}[HWiper`, shown: 'Screen␛␛Wiper' },
  { name: 'C1\u009b31mIntruder\u009d2;c1-title\u009cEnd', shown: 'C1␛Intruder␛End' },
  { name: `Long${' and longer'.repeat(60)}`, shown: 'Long and longer' },
  { name: '漢字テスト🎵'.repeat(30), shown: '漢字テスト' },
  { name: 'Mirror\u202egnos\u202c Song', shown: 'Mirrorgnos Song' },
] as const;
const HOSTILE_PLAYLIST = `Evil${ESC}]52;c;cGxheWxpc3Q=${BEL}List`;
const HOSTILE_ALBUM = `Album${ESC}]2;pwned-title${BEL}Title`;
const HOSTILE_ARTIST = `Red${ESC}[31mArtist${ESC}[0m`;
const HOSTILE_SHOW = `Show${ESC}]8;;http://evil.example/${BEL}Link${ESC}]8;;${BEL}`;

/**
 * Every sequence the dashboard itself writes (src/terminal/screen.ts): colours, cursor to row;column, erase to
 * end of line, the alternate screen, and mouse and focus reporting on and off (and the kitty query, below).
 */
const OWN_SEQUENCE = /\u001b\[(?:[0-9;]*m|\d+;\d+H|K|2J|\?1049[hl]|\?25[hl]|\?100[046][hl])/y;

let sandbox: Sandbox | undefined;
let dashboard: Dashboard | undefined;

afterEach(() => {
  dashboard?.kill();
  sandbox?.remove();
});

/** Seeds a database with `serve`, stops it, and rewrites names in the stored documents. */
async function seedHostileCatalog(path: string): Promise<void> {
  const serve = await spawnServe(['--port', '0', '--db', path]);
  let trackIds: string[];
  let playlistId: string;
  try {
    const access: ServiceAccess = { baseUrl: serve.baseUrl, token: serve.accessToken };
    playlistId = (await firstPlaylist(access)).id;
    trackIds = (await playlistEntries(access, playlistId)).slice(0, HOSTILE_TRACKS.length).map((entry) => entry.uri.split(':').at(-1)!);
  } finally {
    await stopServe(serve, 'SIGTERM');
  }
  const db = new Database(path);
  try {
    const readTrack = db.prepare<[string], { doc: string }>('SELECT doc FROM tracks WHERE id = ?');
    const writeTrack = db.prepare('UPDATE tracks SET doc = ? WHERE id = ?');
    trackIds.forEach((id, index) => {
      const doc = JSON.parse(readTrack.get(id)!.doc) as { name: string; album: { name: string }; artists: { name: string }[] };
      doc.name = HOSTILE_TRACKS[index]!.name;
      doc.album.name = HOSTILE_ALBUM;
      doc.artists[0]!.name = HOSTILE_ARTIST;
      writeTrack.run(JSON.stringify(doc), id);
    });
    db.prepare('UPDATE playlists SET name = ? WHERE id = ?').run(HOSTILE_PLAYLIST, playlistId);
    const shows = db.prepare<[], { id: string; doc: string }>('SELECT id, doc FROM shows').all();
    const writeShow = db.prepare('UPDATE shows SET doc = ? WHERE id = ?');
    for (const show of shows) writeShow.run(JSON.stringify({ ...JSON.parse(show.doc), name: HOSTILE_SHOW }), show.id);
  } finally {
    db.close();
  }
}

/** The escape sequences in `output` that are not the dashboard's own drawing. */
function foreignSequences(written: string): string[] {
  // The one question it asks the terminal (whether it draws kitty pictures), word for word, is its own too.
  const output = written.split(KITTY_QUERY).join('');
  const foreign: string[] = [];
  for (let at = output.indexOf(ESC); at !== -1; at = output.indexOf(ESC, at + 1)) {
    OWN_SEQUENCE.lastIndex = at;
    if (!OWN_SEQUENCE.test(output)) foreign.push(JSON.stringify(output.slice(at, at + 24)));
  }
  return foreign;
}

/** The character drawn at terminal column `column` (0-based) of a row, wide characters counted as two. */
function characterAtColumn(row: string, column: number): string {
  let used = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(row)) {
    if (used === column) return segment;
    used += stringWidth(segment);
    if (used > column) return '';
  }
  return '';
}

describe('a hostile catalog on screen', () => {
  it('shows escapes as placeholders, lets none reach the terminal, and keeps the layout', { timeout: 90_000 }, async () => {
    sandbox = createSandbox();
    await seedHostileCatalog(sandbox.db);
    const outputLog = join(sandbox.dir, 'terminal.log');
    const screen = startDashboard(['--db', sandbox.db], { sandbox, columns: COLUMNS, rows: ROWS, outputLog });
    dashboard = screen;

    await screen.waitFor((text) => text.includes('▶ Playing  Clipboard␛Thief') && text.includes('Red␛Artist␛') && text.includes('Album␛Title'), SCREEN_MS);
    await screen.waitFor('› Evil␛List', SCREEN_MS);
    screen.sendKeys('Enter');
    await screen.waitFor((text) => HOSTILE_TRACKS.every((track) => text.includes(track.shown)), SCREEN_MS);
    // Down the hostile rows, so that Details draws each of them whole.
    for (const track of HOSTILE_TRACKS.slice(1)) {
      screen.sendKeys('j');
      await screen.waitFor((text) => new RegExp(`│${escapeRegExp(track.shown)}`).test(text), SCREEN_MS);
    }
    const items = screen.capture({ escapes: true });
    screen.sendKeys('3');
    const shows = await screen.waitFor((text) => text.includes('› Show␛Link␛'), SCREEN_MS);

    for (const coloured of [items, screen.capture({ escapes: true })]) {
      // tmux redraws what it holds: colours only, nothing that moved, cleared or titled anything.
      expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).not.toContain(ESC);
      const rows = rowsOf(coloured.replace(/\u001b\[[0-9;]*m/g, ''));
      expect(rows).toHaveLength(ROWS);
      expect(rows.filter((row) => stringWidth(row) > COLUMNS)).toEqual([]);
      expect(rows[0]).toMatch(/^╭─ 1 Now playing ─+╮$/);
      expect(rows[ROWS - 2]).toBe(statusLineOf(coloured.replace(/\u001b\[[0-9;]*m/g, '')));
      expect(rows[ROWS - 3]).toMatch(/^[┗╰][━─]+[┛╯][┗╰][━─]+[┛╯]$/);
      // Every row of the two panes ends in their borders, at the same columns as their top corners.
      const top = rows.findIndex((row, index) => index > 0 && /^[┏╭]/.test(row)); // the library's, below Now playing
      const split = [...rows[top]!].findIndex((character, index) => index > 0 && /[┓╮]/.test(character));
      for (const row of rows.slice(top + 1, ROWS - 3)) {
        expect([characterAtColumn(row, 0), characterAtColumn(row, split), characterAtColumn(row, COLUMNS - 1)], row).toEqual([
          expect.stringMatching(/^[┃│]$/),
          expect.stringMatching(/^[┃│]$/),
          expect.stringMatching(/^[┃│]$/),
        ]);
      }
    }
    expect(shows).toContain('Saved shows');

    // What the program wrote, byte for byte: its own drawing sequences and nothing else.
    const written = await fileHolding(outputLog, 'Clipboard␛Thief');
    expect(foreignSequences(written)).toEqual([]);
    expect(written).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(written.split(`${ESC}[2J`)).toHaveLength(2); // cleared once, when it opened the alternate screen
    expect(execFileSync('tmux', ['display-message', '-p', '-t', screen.name, '#{pane_title}'], { encoding: 'utf8' })).not.toMatch(/pwned|c1-title/);
  });
});
