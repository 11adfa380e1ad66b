/** `playdeck sleep` over the socket of a running dashboard (a bridge with a sleep timer), and without one. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SleepRequest, SleepTimer } from '../../src/ui/state/sleep-timer.js';
import { runStatusCommand } from '../../src/status/command.js';
import type { PlayerBridge } from '../../src/status/player-bridge.js';
import { startStatusServer, type StatusServer } from '../../src/status/socket-server.js';
import { statusPaths, type ServiceTarget } from '../../src/status/target.js';
import { playback } from './playback-fixture.js';
import { createStatusHome, recordingIo, type StatusHome } from './status-io.js';

const NOWHERE: ServiceTarget = { kind: 'remote', baseUrl: 'http://127.0.0.1:9/v1', token: 'unused' };
const NOWHERE_ARGS = ['--base-url', 'http://127.0.0.1:9/v1', '--token', 'unused'];

let home: StatusHome;
let server: StatusServer | null = null;

beforeEach(() => {
  home = createStatusHome();
});

afterEach(async () => {
  await server?.close();
  server = null;
  home.remove();
});

/** A dashboard whose sleep timer takes what it is told (`end` refused, as with nothing playing). */
function dashboardWithTimer(now: number): PlayerBridge & { requests: SleepRequest[] } {
  const requests: SleepRequest[] = [];
  return {
    requests,
    snapshot: () => ({ playback: playback(), receivedAt: now }),
    run: async () => ({ ok: true }),
    sleep(request) {
      requests.push(request);
      if (request.kind === 'end') return { ok: false, reason: 'nothing is playing: no item to end' };
      const timer: SleepTimer | null = request.kind === 'off' ? null : { kind: 'at', at: now + request.ms };
      return { ok: true, timer };
    },
  };
}

describe('playdeck sleep', () => {
  it("sets the running dashboard's timer and says when it pauses", async () => {
    const now = Date.UTC(2025, 0, 1, 22, 0);
    const bridge = dashboardWithTimer(now);
    server = await startStatusServer(statusPaths(NOWHERE, home.env).socket, bridge);
    const io = recordingIo(home.env, () => now);
    expect(await runStatusCommand(['sleep', '30m', ...NOWHERE_ARGS], io)).toBe(0);
    expect(bridge.requests).toEqual([{ kind: 'for', ms: 30 * 60_000 }]);
    expect(io.out()).toMatch(/^sleep timer: pauses in 30:00, at \d\d:\d\d \(quitting the dashboard cancels it\)\n$/);
    const off = recordingIo(home.env, () => now);
    expect(await runStatusCommand(['sleep', 'off', ...NOWHERE_ARGS], off)).toBe(0);
    expect(off.out()).toBe('sleep timer off\n');
  });

  it("prints the dashboard's refusal and exits 1", async () => {
    server = await startStatusServer(statusPaths(NOWHERE, home.env).socket, dashboardWithTimer(Date.now()));
    const io = recordingIo(home.env);
    expect(await runStatusCommand(['sleep', 'end', ...NOWHERE_ARGS], io)).toBe(1);
    expect(io.err()).toBe('playdeck sleep: nothing is playing: no item to end\n');
  });

  it('says in one line that there is no dashboard to set it in, exit 1, and asks no service', async () => {
    const io = recordingIo(home.env);
    expect(await runStatusCommand(['sleep', '90s', ...NOWHERE_ARGS], io)).toBe(1);
    expect(io.err()).toBe('playdeck sleep: no dashboard is running on this service: the sleep timer lives in a running dashboard\n');
    expect(io.out()).toBe('');
  });

  it('refuses words it cannot read with exit 2, before looking for a dashboard', async () => {
    for (const words of [['soon'], [], ['30m', '10m'], ['30m', '--json']]) {
      const io = recordingIo(home.env);
      expect(await runStatusCommand(['sleep', ...words, ...NOWHERE_ARGS], io), words.join(' ')).toBe(2);
      expect(io.err()).toMatch(/^playdeck sleep: .+ \(see playdeck status --help\)\n$/);
    }
  });
});
