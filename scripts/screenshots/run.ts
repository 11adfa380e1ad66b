/**
 * `npm run screenshots`: photographs the real program in a real terminal (tmux at 120×40) on a fresh embedded
 * database, so the pictures in README show exactly what a user sees. Needs tmux and Chromium.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startInTmux, type TmuxSession } from '../../test/helpers/tmux.js';
import { ansiToHtml } from './ansi-to-html.js';
import { makeMusicFolder } from './music-folder.js';
import { missingPulseAudio, startPulseAudio, type PulseAudio } from '../../test/helpers/pulse-audio.js';

const COLUMNS = 120;
const ROWS = 40;
const outDir = resolve('screenshots');
const work = mkdtempSync(join(tmpdir(), 'playdeck-shots-'));
const chromium = process.env.CHROMIUM ?? 'chromium';

/** The window for a terminal of `columns`×`rows`: as many pixels a cell as at 120×40 (1112×780). */
const windowSize = (columns: number, rows: number): string => `${Math.round((columns * 1112) / COLUMNS)},${Math.round((rows * 780) / ROWS)}`;

function photograph(session: TmuxSession, name: string, title: string, size = windowSize(COLUMNS, ROWS)): void {
  const html = join(work, `${name}.html`);
  writeFileSync(html, ansiToHtml(session.capture({ escapes: true }), title));
  const png = join(outDir, `${name}.png`);
  execFileSync(
    chromium,
    [
      '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      `--user-data-dir=${join(work, 'chromium')}`, `--window-size=${size}`, `--screenshot=${png}`, `file://${html}`,
    ],
    { stdio: 'ignore' },
  );
  console.log(`wrote ${png}`);
}

const settle = () => new Promise((done) => setTimeout(done, 400));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

mkdirSync(outDir, { recursive: true });
const env = {
  XDG_CONFIG_HOME: join(work, 'config'),
  XDG_DATA_HOME: join(work, 'data'),
  XDG_STATE_HOME: join(work, 'state'),
  XDG_CACHE_HOME: join(work, 'cache'),
  // The pictures are drawn in 24-bit colour, as in most terminals people use.
  COLORTERM: 'truecolor',
};
const start = (columns = COLUMNS, rows = ROWS): TmuxSession =>
  startInTmux(['node', 'dist/cli.js', '--db', join(work, 'playdeck.db')], { columns, rows, env });
let session = start();
let pulse: PulseAudio | null = null;
try {
  await session.waitFor(/\d+:\d\d/, 20_000);
  await session.waitFor((screen) => !screen.includes('loading'), 10_000).catch(() => undefined);
  await settle();
  photograph(session, 'now-playing', 'playdeck: now playing and playlists');

  session.sendKeys('3');
  await session.waitFor(/Saved shows · \d+/);
  session.sendKeys('j', 'j');
  await settle();
  photograph(session, 'saved-shows', 'playdeck: saved shows with details');

  session.sendKeys('Enter');
  await session.waitFor(/\d+ episodes/);
  await settle();
  photograph(session, 'episodes', "playdeck: a show's episodes with what is left of each");
  session.sendKeys('Escape');

  session.sendKeys('5');
  await session.waitFor(/Continue listening · \d+/);
  await settle();
  photograph(session, 'continue-listening', 'playdeck: continue listening');

  session.sendKeys('6');
  await session.waitFor(/Liked songs · [\d,]+/);
  await session.waitFor(/♥/);
  await settle();
  photograph(session, 'liked-songs', 'playdeck: liked songs, newest first');

  session.sendKeys('7');
  await session.waitFor(/Albums · \d+/);
  // An album with tracks enough to show what its list looks like: the first saved one of ten or more.
  for (let row = 0; row < 40 && !/› .* (\d\d+) tr/.test(session.capture()); row += 1) {
    session.sendKeys('j');
    await settle();
  }
  session.sendKeys('Enter');
  await session.waitFor(/ · \d+ tracks/);
  await settle();
  photograph(session, 'album', "playdeck: an album's tracks, with its details");
  session.sendKeys('Escape');

  session.sendKeys('f');
  session.type('reef');
  await session.waitFor(/Albums · /);
  await settle();
  photograph(session, 'search', 'playdeck: search results, grouped by kind as you type');
  session.sendKeys('Escape');
  await session.waitFor((screen) => !screen.includes('━ Search'));

  session.sendKeys('d');
  await session.waitFor(/Kitchen speaker/);
  await settle();
  photograph(session, 'devices', 'playdeck: the devices, and up next in Now playing');
  session.sendKeys('Escape');
  await session.waitFor((screen) => !screen.includes('Kitchen speaker'));
  session.sendKeys('2');
  await session.waitFor(/Playlists · \d+/);

  session.sendKeys('?');
  await session.waitFor(/quit/i);
  await settle();
  photograph(session, 'help', 'playdeck: the help overlay');
  session.sendKeys('?');
  await session.waitFor(/┃› \S/);

  session.sendKeys('Enter');
  await session.waitFor(/items/);
  session.sendKeys('j', 'j', 'v', 'j', 'j', 'J', 'J', 'J');
  await settle();
  photograph(session, 'reorder', 'playdeck: moving a marked range in a playlist');
  // A on the marked range: the playlists found by part of a name, the ones last added to first.
  session.sendKeys('A');
  await session.waitFor(/to a playlist/);
  session.type('sun');
  await session.waitFor(/name: sun_/);
  await settle();
  photograph(session, 'add-to-playlist', 'playdeck: adding the marked range to a playlist picked by part of its name');
  session.sendKeys('Escape');
  await session.waitFor((screen) => !screen.includes('to a playlist'));
  // Moves killed before their save (1.5 s after the last key; the picture above took longer): they are in
  // the journal, and the next start offers them back.
  session.sendKeys('G', 'K', 'K', 'K');
  await settle();
  const pid = session.panePid();
  process.kill(pid, 'SIGKILL');
  while (isRunning(pid)) await settle();
  session.kill();
  session = start();
  await session.waitFor(/unsaved moves? in/, 20_000);
  await settle();
  photograph(session, 'unsaved-moves', 'playdeck: moves a killed dashboard showed, offered back at the next start');
  session.sendKeys('d');
  await session.waitFor(/y discards/);
  session.sendKeys('y', 'q');
  session.kill();

  // The same dashboard in the light theme, from a config file.
  mkdirSync(join(work, 'config', 'playdeck'), { recursive: true });
  writeFileSync(join(work, 'config', 'playdeck', 'config.toml'), '[theme]\nname = "light"\n');
  session = start();
  await session.waitFor(/\d+:\d\d/, 20_000);
  await session.waitFor((screen) => screen.includes('▀'), 10_000).catch(() => undefined);
  await settle();
  photograph(session, 'light-theme', 'playdeck: the light theme');
  session.sendKeys('q');
  session.kill();
  rmSync(join(work, 'config'), { recursive: true, force: true });

  // 80 columns: every section's tab on one line (shortened, or scrolled between marks, where it must be).
  session = start(80, 24);
  await session.waitFor(/\d+:\d\d/, 20_000);
  session.sendKeys('6');
  await session.waitFor(/Liked songs · [\d,]+/);
  await settle();
  photograph(session, 'narrow', 'playdeck at 80 columns', windowSize(80, 24));
  session.sendKeys('q');
  session.kill();

  // A music folder as the catalog: an album's tracks, one of them heard (then paused), and a playlist file
  // with a line that names no file.
  const music = makeMusicFolder(join(work, 'Music'));
  // Heard on a private PulseAudio's null sink where there is one to start: a machine with no sound card
  // would show mpv's "no sound" line instead.
  pulse = missingPulseAudio() === null ? await startPulseAudio(['speakers']) : null;
  const heard = pulse === null ? env : { ...env, PULSE_SERVER: pulse.env['PULSE_SERVER']! };
  session = startInTmux(['node', 'dist/cli.js', '--music', music], { columns: COLUMNS, rows: ROWS, env: heard });
  await session.waitFor(/Nothing is playing/, 20_000);
  session.sendKeys('7');
  await session.waitFor(/Albums · 3/, 20_000);
  session.sendKeys('Enter');
  await session.waitFor(/Field Recordings · Mira Okafor · 5 tracks/);
  session.sendKeys('j', 'Enter');
  await session.waitFor(/Playing {2}Orchard/);
  // Heard for a moment, and the first scan's line gone (it is asked for every 2 s while a scan is shown).
  await session.waitFor((screen) => /\b0:0[3-9]\b/.test(screen) && !screen.includes('reading your music'), 20_000);
  session.sendKeys('Space');
  await session.waitFor(/Paused {2}Orchard/);
  await settle();
  photograph(session, 'music-folder', 'playdeck on a music folder: an album read from its tags, a track heard through mpv');
  session.sendKeys('2');
  await session.waitFor(/Playlists · 1/, 20_000);
  session.sendKeys('Enter');
  await session.waitFor(/unavailable/);
  session.sendKeys('j');
  await settle();
  photograph(session, 'music-playlist', "playdeck on a music folder: a playlist file, its missing file's line dimmed");
} finally {
  session.sendKeys('q');
  session.kill();
  pulse?.close();
  rmSync(work, { recursive: true, force: true });
}
