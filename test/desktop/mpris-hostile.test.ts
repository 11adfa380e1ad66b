/**
 * Issue 37, finding 7: numbers from the service that no int64 of D-Bus holds (a `duration_ms` of 9.3e15 is
 * 9.3e18 µs) are clamped, so that no answer or signal fails to go out; an answer that still cannot go out is
 * an error to its caller, never silence; and the bus name is never owned without its object.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/desktop/desktop.js';
import { exportMpris, MPRIS_PATH } from '../../src/desktop/mpris-object.js';
import { metadataOf, playerProperties, positionUs, seekedTo, type Snapshot } from '../../src/desktop/mpris-properties.js';
import { BUS_TOOLS, type Message, type MessageBus } from '../../src/desktop/session-bus.js';
import { createDashboardBridge } from '../../src/status/player-bridge.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { missingBusTools, sayWhySkipped, startPrivateBus, watchSignals, type PrivateBus } from '../helpers/session-bus.js';
import { playback, TRACK } from '../status/playback-fixture.js';

const AT = 1_000_000;
/** The largest integer a JavaScript number holds exactly: ~285 years in µs. */
const MAX = Number.MAX_SAFE_INTEGER;
const endless = (body: Record<string, unknown> = {}) => playback({ item: { ...TRACK, duration_ms: 9.3e15 }, ...body });
const isInt64 = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

describe('the numbers MPRIS sends', () => {
  it('are whole numbers an int64 holds, whatever the service says of the length and the progress', () => {
    for (const state of [endless(), endless({ progress_ms: 9.2e15 }), playback({ item: { ...TRACK, duration_ms: 1e300 }, progress_ms: 1e300 })]) {
      const snapshot: Snapshot = { playback: state, receivedAt: AT };
      expect(isInt64(metadataOf(state, null)['mpris:length']!.value)).toBe(true);
      expect(isInt64(positionUs(snapshot, AT + 1e12))).toBe(true);
      expect(Number.isFinite(playerProperties(snapshot, null).Volume)).toBe(true);
    }
    expect(metadataOf(endless(), null)['mpris:length']!.value).toBe(MAX);
    const jumped = seekedTo({ playback: endless({ progress_ms: 0 }), receivedAt: AT }, { playback: endless({ progress_ms: 9.2e15 }), receivedAt: AT });
    expect(isInt64(jumped)).toBe(true);
  });
});

describe('an answer that cannot go out', () => {
  it('is an error to the caller, not silence', () => {
    let handler: ((call: Message) => boolean) | null = null;
    const bus = { addMethodHandler: (added: typeof handler) => (handler = added), removeMethodHandler: () => undefined } as unknown as MessageBus;
    const sent: Message[] = [];
    const source = { snapshot: () => ({ playback: playback(), receivedAt: AT }), run: async () => ({ ok: true }) as never, artUrl: () => null, now: () => AT };
    exportMpris(bus, BUS_TOOLS, source, (message) => {
      if (message.type === BUS_TOOLS.MessageType.METHOD_RETURN) throw new Error('data was out of range (greater than max int64)');
      sent.push(message);
    });
    const call = new BUS_TOOLS.Message({
      type: BUS_TOOLS.MessageType.METHOD_CALL, serial: 7, sender: ':1.9', path: MPRIS_PATH, interface: 'org.freedesktop.DBus.Properties',
      member: 'GetAll', signature: 's', body: ['org.mpris.MediaPlayer2.Player'],
    });
    expect(handler!(call)).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: BUS_TOOLS.MessageType.ERROR, replySerial: 7, errorName: 'org.freedesktop.DBus.Error.Failed' });
  });
});

const SUITE = 'MPRIS of an item no int64 holds, on a private session bus';
const missing = missingBusTools();
sayWhySkipped(SUITE, missing);

/** playerctl on the private bus, given up after 5 s: a player that never answers makes it wait for D-Bus's 25 s. */
function playerctl(address: string, ...args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile('playerctl', ['-p', 'playdeck', ...args], { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address }, timeout: 5_000 }, (error, stdout) => {
      resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout: stdout.trim() });
    });
  });
}

describe.skipIf(missing !== null)(SUITE, () => {
  let bus: PrivateBus;
  let desktop: Desktop | null = null;
  const logged: string[] = [];
  const bridge = createDashboardBridge(createFakeApi());

  beforeAll(async () => {
    bus = await startPrivateBus();
    bridge.update({ playback: endless(), receivedAt: Date.now(), run: () => undefined });
    desktop = await startDesktop({ address: bus.address, bridge, settings: () => ({ mpris: true, notify: false }), cacheDir: null, log: (line) => logged.push(line) });
  });

  afterAll(() => {
    desktop?.close();
    bus?.stop();
  });

  it('answers its length, its position and a jump, and stays on the bus', async () => {
    expect(await playerctl(bus.address, 'metadata', 'mpris:length')).toEqual({ code: 0, stdout: String(MAX) });
    expect((await playerctl(bus.address, 'position')).code).toBe(0);
    const watcher = await watchSignals(bus.address);
    try {
      bridge.update({ playback: endless({ progress_ms: 9.2e15 }), receivedAt: Date.now(), run: () => undefined });
      const deadline = Date.now() + 10_000;
      const seekedSignal = () => watcher.signals.find((signal) => signal.member === 'Seeked');
      while (seekedSignal() === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const seeked = seekedSignal();
      if (seeked === undefined) throw new Error('never: Seeked');
      expect(BigInt(seeked.body[0] as bigint) <= BigInt(MAX)).toBe(true);
    } finally {
      watcher.close();
    }
    expect(await playerctl(bus.address, 'metadata', 'title')).toEqual({ code: 0, stdout: TRACK.name });
    expect(logged).toEqual([]);
  });
});
