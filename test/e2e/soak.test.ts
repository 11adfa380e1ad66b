/**
 * Issue 8's fault soak: the dashboard behind a fault-injecting loopback proxy for two minutes of random
 * faults (429s with and without Retry-After, 500s, drops, 10 s stalls, a 401) while keys are pressed. It
 * never crashes, never shows a stack trace, its memory grows by at most 20 MB, and it is fully current
 * within 10 s of the faults stopping. PLAYDECK_SOAK_SECONDS shortens or lengthens it (default 120).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import stripAnsi from 'strip-ansi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandbox,
  nowPlayingOf,
  openFirstPlaylist,
  residentBytes,
  startDashboard,
  statusLineOf,
  type Dashboard,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';
import { firstPlaylist, playingName, playlistEntries, type ServiceAccess } from '../helpers/e2e-service.js';
import { faultSchedule, keyPlan, seededRandom, STALL_MS, type KeyPress } from '../helpers/e2e-soak.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const SEED = 20_261_121;
const SOAK_MS = Number(process.env['PLAYDECK_SOAK_SECONDS'] ?? 120) * 1000;
const MAX_GROWTH_BYTES = 20 * 1024 * 1024;
const CURRENT_WITHIN_MS = 10_000;
/** How long the memory may take to settle after the soak (see settledResidentBytes). */
const SETTLE_MS = 90_000;
/** Key presses before the baseline, and the calm in which the baseline is taken. */
const WARM_UP_MS = 15_000;
const BASELINE_MS = 5_000;
const SCREEN_MS = 15_000;

/** A frame of a Node stack trace, or the words Node prints around an uncaught error. */
const STACK_TRACE = /^\s*at .+:\d+:\d+\)?\s*$|Uncaught|UnhandledPromiseRejection|node:internal/m;

let serve: ServeChild;
let proxy: FaultProxy;
let service: ServiceAccess;
let sandbox: Sandbox;
let dashboard: Dashboard;

beforeAll(async () => {
  sandbox = createSandbox();
  serve = await spawnServe(['--port', '0', '--db', sandbox.db]);
  service = { baseUrl: serve.baseUrl, token: serve.accessToken };
  proxy = await startFaultProxy(serve.baseUrl);
});

afterAll(async () => {
  dashboard?.kill();
  await proxy?.close();
  await stopServe(serve, 'SIGTERM');
  sandbox.remove();
});

const isOnline = (screen: string): boolean => / online │/.test(statusLineOf(screen)) && !/data \d+ \S+ old/.test(statusLineOf(screen));

/**
 * Visits every pane once, then presses keys as the soak will (with no faults) for WARM_UP_MS, so that the
 * baseline already holds what each pane keeps, the compiled code and the working heap of a busy dashboard.
 */
async function warmUp(screen: Dashboard, nextKey: () => KeyPress): Promise<void> {
  const playlist = await firstPlaylist(service);
  const [first] = await playlistEntries(service, playlist.id);
  await openFirstPlaylist(screen, playlist.name, first!.name);
  // Esc on its own: an Esc that arrives together with the next key reads as Alt+key, in any terminal.
  screen.sendKeys('Escape');
  await screen.waitFor(/Playlists · \d+/, SCREEN_MS);
  screen.sendKeys('3');
  await screen.waitFor(/Saved shows · \d+/, SCREEN_MS);
  screen.sendKeys('4');
  await screen.waitFor(/Audiobooks · \d+/, SCREEN_MS);
  screen.sendKeys('?');
  await screen.waitFor('Help', SCREEN_MS);
  screen.sendKeys('?', '1');
  await screen.waitFor((text) => !text.includes('Help') && isOnline(text), SCREEN_MS);
  for (const until = Date.now() + WARM_UP_MS; Date.now() < until; ) {
    const { key, pauseMs } = nextKey();
    screen.sendKeys(key);
    await sleep(pauseMs); // a person's pause between keys
  }
}

describe('the fault soak', () => {
  it(`survives ${SOAK_MS / 1000} s of random faults and key presses (seed ${SEED})`, { timeout: SOAK_MS + 240_000 }, async () => {
    const outputLog = join(sandbox.dir, 'terminal.log');
    dashboard = startDashboard(['--base-url', proxy.baseUrl, '--token', service.token], { sandbox, outputLog });
    await dashboard.waitFor((text) => nowPlayingOf(text) !== null && isOnline(text), SCREEN_MS);
    const nextKey = keyPlan(SEED);
    await warmUp(dashboard, nextKey);
    const pid = dashboard.programPid();
    const baseline = await settledResidentBytes(pid, 0, BASELINE_MS);

    const schedule = faultSchedule(SEED, SOAK_MS);
    const decide = seededRandom(SEED + 1); // which requests a fault on a share of them hits
    const faultedCount = (): number => proxy.requests.filter((request) => request.fault !== null).length;
    let peak = baseline;
    let phase = 0;
    let active = false;
    let faultedBefore = 0;
    const started = Date.now();
    for (let elapsed = 0; elapsed < SOAK_MS; elapsed = Date.now() - started) {
      const current = schedule[phase];
      if (current && !active && elapsed >= current.startMs) {
        proxy.inject(current.fault, { times: current.times, match: () => decide() < current.share });
        active = true;
        faultedBefore = faultedCount();
      }
      // A fault meant for one request (the 401) stays until it has met one.
      const hasActed = current?.times === undefined || faultedCount() > faultedBefore;
      if (current && active && elapsed >= current.endMs && hasActed) {
        proxy.clear();
        active = false;
        phase++;
      }
      const { key, pauseMs } = nextKey();
      dashboard.sendKeys(key);
      expect(isAlive(pid), `the dashboard is gone; the screen was:\n${dashboard.capture()}`).toBe(true);
      peak = Math.max(peak, residentBytes(pid));
      // A person's pause between keys: the soak is a stretch of time, not a wait for a condition.
      await sleep(pauseMs);
    }
    proxy.clear();
    const stoppedAt = Date.now();
    const faulted = proxy.requests.filter((request) => request.fault !== null);
    // A stalled answer still held when the faults stop is still a fault: "current" counts from its end.
    const lastStallEnd = Math.max(0, ...faulted.filter((request) => request.fault === 'delay').map((request) => request.at + STALL_MS));
    const faultsEnd = Math.max(stoppedAt, lastStallEnd);
    expect(faulted.length).toBeGreaterThan(0);
    expect(faulted.some((request) => request.status === 401)).toBe(true);

    // Fully current: Now playing shows what the service plays, and the status line is online again.
    let current = false;
    let screen = '';
    let name: string | null = null;
    while (!current && Date.now() <= faultsEnd + CURRENT_WITHIN_MS) {
      name = await playingName(service);
      screen = dashboard.capture();
      current = name !== null && nowPlayingOf(screen)?.name === name && isOnline(screen);
      if (!current) await sleep(100);
    }
    const lastRequests = proxy.requests
      .filter((request) => request.at >= stoppedAt - 20_000)
      .map((request) => `${request.at - stoppedAt} ms ${request.method} ${request.url} ${request.fault ?? ''} ${request.status ?? ''}`);
    expect(current, `not current ${CURRENT_WITHIN_MS} ms after the faults stopped (${faultsEnd - stoppedAt} ms of a stall after the schedule); the service plays ${name}; the screen was:\n${screen}\nrequests from 20 s before the faults stopped:\n${lastRequests.join('\n')}`).toBe(true);

    expect(screen).not.toMatch(/^\[exit \d+\]$/m);
    const settled = await settledResidentBytes(pid, baseline + MAX_GROWTH_BYTES, SETTLE_MS);
    const counts = new Map<string, number>();
    for (const request of faulted) {
      const kind = request.fault === 'status' ? String(request.status) : String(request.fault);
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    const kinds = [...counts].map(([kind, count]) => `${kind} ×${count}`).join(', ');
    console.info(`soak: ${faulted.length} of ${proxy.requests.length} requests faulted (${kinds}); RSS ${mb(baseline)} → peak ${mb(peak)} → settled ${mb(settled)}`);
    expect(settled - baseline).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
    const written = stripAnsi(readFileSync(outputLog, 'utf8'));
    expect(written.match(STACK_TRACE)?.[0] ?? null).toBeNull();
  });
});

/**
 * The lowest RSS seen while the dashboard sits calm, sampled each second until it is at most `target` or
 * `withinMs` have passed. V8 gives memory back to the system some seconds after a busy spell (its young
 * generation grows under load and shrinks once idle): right after a busy spell, RSS says more about when the
 * collector last ran than about what the program still holds. A leak keeps the floor up however long one waits.
 */
async function settledResidentBytes(pid: number, target: number, withinMs: number): Promise<number> {
  let lowest = residentBytes(pid);
  for (const deadline = Date.now() + withinMs; lowest > target && Date.now() < deadline; ) {
    await sleep(1_000);
    lowest = Math.min(lowest, residentBytes(pid));
  }
  return lowest;
}

function isAlive(pid: number): boolean {
  return existsSync(`/proc/${pid}/status`);
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
