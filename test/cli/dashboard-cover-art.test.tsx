import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../src/api/types.js';
import { mountDashboard, type MountedDashboard } from '../../src/cli/dashboard.js';
import { openLogFile } from '../../src/cli/log-file.js';
import { DEFAULT_CONFIG, type Config } from '../../src/config/schema.js';
import { coverPng } from '../../src/service/images/cover-picture.js';
import { KITTY_QUERY } from '../../src/terminal/kitty.js';
import { createFakeApi, type FakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';

/**
 * Cover art as the program mounts it (src/cli/dashboard.tsx): on a terminal that is an object, through the
 * screen writer, with the fake API. What reaches the terminal is read back from its writes.
 */

const TRANSMIT = /\u001b\[(\d+);(\d+)H\u001b_Ga=T,f=100,q=2,C=1,i=(\d+),c=(\d+),r=(\d+)/g;
const DELETE = /\u001b_Ga=d,d=I,i=(\d+),q=2\u001b\\/g;

class FakeTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly columns = 120;
  readonly rows = 40;
  readonly writes: string[] = [];
  write(data: string): boolean {
    this.writes.push(data);
    return true;
  }
  text(): string {
    return this.writes.join('');
  }
}

class FakeKeys extends EventEmitter {
  readonly isTTY = true;
  /** How many writes the terminal had when raw mode first went on. */
  writesBeforeRawMode: number | null = null;
  constructor(private readonly terminal: FakeTerminal) {
    super();
  }
  setRawMode(mode: boolean): this {
    if (mode) this.writesBeforeRawMode ??= this.terminal.writes.length;
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

const escape = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

function withPicture(track: Track): Track {
  const images = [640, 300, 64].map((size) => ({ url: `http://pictures/${track.album.id}-${size}.png`, width: size, height: size }));
  return { ...track, album: { ...track.album, images } };
}

const mounted: MountedDashboard[] = [];
const folders: string[] = [];
beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2025, 0, 1));
});
afterEach(() => {
  for (const { instance, screen } of mounted.splice(0)) {
    instance.unmount();
    screen?.close();
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  vi.useRealTimers();
});

function mount(api: FakeApi, art: Config['art']['mode'], options: { env?: NodeJS.ProcessEnv; log?: (line: string) => void } = {}) {
  const terminal = new FakeTerminal();
  const keys = new FakeKeys(terminal);
  const config: Config = { ...DEFAULT_CONFIG, art: { mode: art } };
  const dashboard = mountDashboard(
    api,
    { output: terminal as unknown as NodeJS.WriteStream, input: keys as unknown as NodeJS.ReadStream },
    {}, null, config, false, undefined,
    { env: options.env ?? { TERM: 'xterm-256color' }, log: options.log },
  );
  mounted.push(dashboard);
  return { terminal, keys, dashboard };
}

/** Lets fake time pass in frame-sized steps until `condition` holds (a real answer needs a few turns). */
async function until(condition: () => boolean, what: string, maxMs = 20_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > maxMs) throw new Error(`no ${what} within ${maxMs} ms of fake time`);
    await vi.advanceTimersByTimeAsync(50);
  }
}

describe('cover art in kitty mode on a terminal', () => {
  it('sends the picture once per item change at the box of Now playing, not with every frame, and deletes it when the item changes and at the end', async () => {
    const api = createFakeApi();
    const [first, second] = [withPicture(api.catalog.tracks[0]!), withPicture(api.catalog.tracks[10]!)];
    api.updatePlayback({ item: first, is_playing: true });
    const asked: string[] = [];
    api.getImage = async (url, decode) => {
      asked.push(url);
      return decode(coverPng(url, 300));
    };
    const { terminal, dashboard } = mount(api, 'kitty');
    const transmits = () => [...terminal.text().matchAll(TRANSMIT)];
    const deletes = () => [...terminal.text().matchAll(DELETE)].map((match) => Number(match[1]));

    await until(() => transmits().length === 1, 'picture');
    // Inside the border and a column of padding, 10×5 cells at 120×40.
    expect(transmits()[0]!.slice(1)).toEqual(['2', '3', '1', '10', '5']);
    expect(asked).toEqual([`http://pictures/${first.album.id}-300.png`]);
    // The clock ticks for seconds: frames are written, the picture is not sent again.
    const writes = terminal.writes.length;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(terminal.writes.length).toBeGreaterThanOrEqual(writes + 4);
    expect(transmits()).toHaveLength(1);

    api.updatePlayback({ item: second });
    await until(() => transmits().length === 2, 'second picture');
    expect(deletes()).toEqual([1]);
    expect([...terminal.text().matchAll(DELETE)][0]!.index).toBeLessThan(transmits()[1]!.index);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(transmits()).toHaveLength(2);
    expect(asked).toHaveLength(2);

    dashboard.instance.unmount();
    dashboard.screen!.close();
    expect(deletes()).toEqual([1, 2]);
  });

  it('asks the terminal in raw mode where nothing tells, and draws kitty pictures once it answers yes', async () => {
    const api = createFakeApi();
    api.updatePlayback({ item: withPicture(api.catalog.tracks[0]!), is_playing: true });
    api.getImage = async (url, decode) => decode(coverPng(url, url.endsWith('-64.png') ? 64 : 300));
    const { terminal, keys } = mount(api, 'auto');
    expect(keys.writesBeforeRawMode).toBe(0);
    // On the alternate screen, just before it is cleared: a terminal that prints what it does not know prints it there.
    expect(terminal.writes[0]).toMatch(new RegExp(`^\\u001b\\[\\?1049h\\u001b\\[\\?25l${escape(KITTY_QUERY)}\\u001b\\[2J`));
    // Half-blocks until the answer comes.
    await until(() => terminal.text().includes('▀'), 'half-blocks');
    expect([...terminal.text().matchAll(TRANSMIT)]).toHaveLength(0);
    const id = /i=(\d+)/.exec(KITTY_QUERY)![1];
    keys.emit('data', Buffer.from(`\u001b_Gi=${id};OK\u001b\\`));
    await until(() => [...terminal.text().matchAll(TRANSMIT)].length === 1, 'picture');
  });

  it('does not ask inside tmux, nor where the setting or the environment already tells', () => {
    for (const [art, env] of [
      ['auto', { TERM: 'tmux-256color', TMUX: '/tmp/tmux-1/default,1,0' }],
      ['blocks', { TERM: 'xterm-256color' }],
      ['auto', { TERM: 'xterm-kitty' }],
    ] as const) {
      const { terminal } = mount(createFakeApi(), art, { env });
      expect(terminal.text()).not.toContain('\u001b_G');
    }
  });
});

describe('a picture that cannot be drawn', () => {
  it('writes one line to the log file and leaves the placeholder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'playdeck-cover-log-'));
    folders.push(folder);
    const log = openLogFile(join(folder, 'playdeck.log'));
    const api = createFakeApi();
    const item = withPicture(api.catalog.tracks[0]!);
    api.updatePlayback({ item, is_playing: true });
    api.getImage = async (_url, decode) => decode(Buffer.from('<html>not a picture</html>'));
    const { terminal } = mount(api, 'blocks', { log: (line) => log.write(line) });
    const lines = (): string[] => {
      try {
        return readFileSync(log.path, 'utf8').trim().split('\n');
      } catch {
        return [];
      }
    };
    await until(() => lines().length > 0, 'log line');
    // Polls bring the same item back: no second line.
    await vi.advanceTimersByTimeAsync(12_000);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatch(new RegExp(`Z cover art: http://pictures/${item.album.id}-64\\.png: not a PNG or JPEG image$`));
    expect(terminal.text()).toContain('░'.repeat(10));
    expect(terminal.text()).not.toContain('▀');
  });
});
