/**
 * The start frame, from outside: a dashboard that quits keeps its Now playing pane, and the next start paints it
 * before anything else loads, then the live dashboard writes over it only what changed; a start that fails after
 * painting it leaves one line on the terminal as it was.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, nowPlayingOf, startDashboard, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';

const SCREEN_MS = 15_000;
const ENTER_ALTERNATE_SCREEN = '\u001B[?1049h';
const CLEAR = '\u001B[2J';
/** Every escape sequence the screen writer sends: colours, cursor moves, erasures, modes. */
const ESCAPES = /\u001B\[[0-9;?]*[A-Za-z]/g;
const CLOCK = /\d:\d\d [━─]+ \d/;

let sandbox: Sandbox | undefined;
let session: Dashboard | undefined;
let busy: Server | undefined;

afterEach(() => {
  session?.kill();
  session = undefined;
  sandbox?.remove();
  sandbox = undefined;
  busy?.close();
  busy = undefined;
});

const count = (text: string, part: string): number => text.split(part).length - 1;

/** Runs a dashboard on the sandbox's database until it shows what plays, pauses it there and quits: its name. */
async function pauseAndQuit(box: Sandbox): Promise<string> {
  const dashboard = startDashboard(['--db', box.db], { sandbox: box });
  session = dashboard;
  await dashboard.waitFor((screen) => nowPlayingOf(screen) !== null, SCREEN_MS);
  dashboard.sendKeys('Space');
  const paused = nowPlayingOf(await dashboard.waitFor((screen) => nowPlayingOf(screen)?.isPlaying === false, SCREEN_MS))!;
  dashboard.sendKeys('q');
  expect((await dashboard.waitForExit()).status).toBe(0);
  dashboard.kill();
  return paused.name;
}

describe('the start frame', () => {
  it('shows the item that was playing first, then the live dashboard over it without a second frame', { timeout: 90_000 }, async () => {
    sandbox = createSandbox();
    const name = await pauseAndQuit(sandbox);

    const outputLog = join(sandbox.dir, 'terminal.log');
    const dashboard = startDashboard(['--db', sandbox.db], { sandbox, outputLog });
    session = dashboard;
    const live = await dashboard.waitFor((screen) => nowPlayingOf(screen) !== null && /Playlists · \d+/.test(screen), SCREEN_MS);
    expect(nowPlayingOf(live)).toMatchObject({ name, isPlaying: false });
    dashboard.sendKeys('q');
    expect((await dashboard.waitForExit()).status).toBe(0);

    const written = readFileSync(outputLog, 'utf8');
    // One alternate screen, cleared once: the live dashboard took the start frame's cells over.
    expect(count(written, ENTER_ALTERNATE_SCREEN)).toBe(1);
    expect(count(written, CLEAR)).toBe(1);
    // The start frame comes first, up to its pane's last corner: the paused item, without its clock. The live
    // frame then adds the clock and the rest.
    const text = written.replace(ESCAPES, '');
    const startFrameEnd = text.indexOf('╯');
    expect(text.slice(0, startFrameEnd)).toContain(`❚❚ Paused  ${name}`);
    expect(text.slice(0, startFrameEnd)).not.toMatch(CLOCK);
    // The first live frame (its rows come in order, the tab line under the pane among them) wrote only what
    // differed from the start frame: not the name again.
    const firstLiveFrame = text.slice(startFrameEnd, text.indexOf('Playlists'));
    expect(firstLiveFrame).toMatch(CLOCK);
    expect(firstLiveFrame).not.toContain(name);
  });

  it('leaves one line and nothing else when the start fails after the frame was painted', { timeout: 90_000 }, async () => {
    sandbox = createSandbox();
    await pauseAndQuit(sandbox);
    busy = createServer();
    await new Promise<void>((resolve) => busy!.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;

    const outputLog = join(sandbox.dir, 'terminal.log');
    const dashboard = startDashboard(['--db', sandbox.db, '--port', String(port)], { sandbox, outputLog });
    session = dashboard;
    const { status, rows } = await dashboard.waitForExit(SCREEN_MS);
    expect(status).toBe(1);
    expect(rows).toEqual([`playdeck: cannot start the embedded service: port ${port} is in use`]);
    // The frame was painted, then the alternate screen left before the line was written.
    const written = readFileSync(outputLog, 'utf8');
    expect(written.replace(ESCAPES, '')).toContain('❚❚ Paused');
    expect(written.indexOf('\u001B[?1049l')).toBeLessThan(written.indexOf('playdeck: cannot start'));
  });
});
