import { describe, expect, it } from 'vitest';
import { createDashboardBridge } from '../../src/status/player-bridge.js';
import { CommandUsageError, parsePlayerCommand, planPlayerCommand } from '../../src/status/player-command.js';
import type { PlaybackCommand } from '../../src/ui/playback-commands.js';
import { playback } from './playback-fixture.js';

const AT = 1_000_000;

describe('reading a player command', () => {
  it('reads seek as seconds from here or a position', () => {
    expect(parsePlayerCommand('seek', '+10')).toEqual({ type: 'seek', relative: true, ms: 10_000 });
    expect(parsePlayerCommand('seek', '-10')).toEqual({ type: 'seek', relative: true, ms: -10_000 });
    expect(parsePlayerCommand('seek', '1:30')).toEqual({ type: 'seek', relative: false, ms: 90_000 });
    expect(parsePlayerCommand('seek', '90')).toEqual({ type: 'seek', relative: false, ms: 90_000 });
    expect(parsePlayerCommand('seek', '1:02:03')).toEqual({ type: 'seek', relative: false, ms: 3_723_000 });
  });

  it('reads volume, shuffle and repeat', () => {
    expect(parsePlayerCommand('volume', '40')).toEqual({ type: 'volume', relative: false, percent: 40 });
    expect(parsePlayerCommand('volume', '+5')).toEqual({ type: 'volume', relative: true, percent: 5 });
    expect(parsePlayerCommand('shuffle', 'off')).toEqual({ type: 'shuffle', on: false });
    expect(parsePlayerCommand('repeat', 'context')).toEqual({ type: 'repeat', state: 'context' });
  });

  it('refuses what it cannot read, saying what it needs', () => {
    for (const [name, argument] of [['seek', '1:75'], ['seek', 'x'], ['volume', '101'], ['volume', 'loud'], ['shuffle', 'yes'], ['repeat', 'all'], ['next', 'x'], ['seek', undefined]] as const) {
      expect(() => parsePlayerCommand(name, argument)).toThrow(CommandUsageError);
    }
  });
});

describe('planning a command as the dashboard would', () => {
  const steps = (plan: ReturnType<typeof planPlayerCommand>) => ('steps' in plan ? plan.steps.map((step) => step.command) : plan);

  it('sends nothing when the player already is as asked', () => {
    expect(steps(planPlayerCommand({ type: 'play' }, playback(), AT, AT))).toEqual([]);
    expect(steps(planPlayerCommand({ type: 'shuffle', on: true }, playback(), AT, AT))).toEqual([]);
    expect(steps(planPlayerCommand({ type: 'pause' }, playback(), AT, AT))).toEqual([{ type: 'togglePlay' }]);
  });

  it('seeks to a position from where the clock is now', () => {
    expect(steps(planPlayerCommand({ type: 'seek', relative: false, ms: 90_000 }, playback(), AT, AT + 2_000))).toEqual([{ type: 'seekBy', deltaMs: 5_000 }]);
  });

  it('cycles repeat as far as the state asked for', () => {
    expect(steps(planPlayerCommand({ type: 'repeat', state: 'off' }, playback(), AT, AT))).toEqual([{ type: 'cycleRepeat' }, { type: 'cycleRepeat' }]);
    expect(steps(planPlayerCommand({ type: 'repeat', state: 'track' }, playback(), AT, AT))).toEqual([{ type: 'cycleRepeat' }]);
  });

  it("refuses in the dashboard's words", () => {
    expect(planPlayerCommand({ type: 'next' }, playback({ actions: { disallows: { skipping_next: true } } }), AT, AT)).toEqual({ refusal: "can't skip: nothing next" });
    expect(planPlayerCommand({ type: 'toggle' }, null, AT, AT)).toEqual({ refusal: 'nothing is playing' });
    expect(planPlayerCommand({ type: 'volume', relative: false, percent: 5 }, playback({ device: { name: 'x', supports_volume: false } }), AT, AT)).toEqual({
      refusal: "can't change the volume: this device does not support it",
    });
  });

  it('keeps the volume within 0–100', () => {
    expect(planPlayerCommand({ type: 'volume', relative: true, percent: 80 }, playback(), AT, AT)).toEqual({ volume: 100 });
    expect(planPlayerCommand({ type: 'volume', relative: true, percent: -50 }, playback(), AT, AT)).toEqual({ volume: 0 });
  });
});

describe("the dashboard's bridge", () => {
  it('has no snapshot until the dashboard heard from the player', async () => {
    const bridge = createDashboardBridge({} as never);
    expect(bridge.snapshot()).toBeNull();
    bridge.update({ playback: undefined, receivedAt: 0, run: () => undefined });
    expect(bridge.snapshot()).toBeNull();
    expect(await bridge.run({ type: 'next' })).toEqual({ ok: false, reason: 'the dashboard has not heard from the player yet' });
  });

  it("runs commands through the dashboard's own path, step by step", async () => {
    const ran: PlaybackCommand[] = [];
    const bridge = createDashboardBridge({} as never);
    bridge.update({ playback: playback(), receivedAt: AT, run: (command) => ran.push(command) });
    expect(await bridge.run({ type: 'repeat', state: 'off' })).toEqual({ ok: true });
    expect(await bridge.run({ type: 'next' })).toEqual({ ok: true });
    expect(ran).toEqual([{ type: 'cycleRepeat' }, { type: 'cycleRepeat' }, { type: 'next' }]);
  });

  it('sets the volume with the dashboard client and shows it until the next answer', async () => {
    const sent: number[] = [];
    const bridge = createDashboardBridge({ setVolume: async (percent: number) => void sent.push(percent) } as never);
    const shown = playback();
    bridge.update({ playback: shown, receivedAt: AT, run: () => undefined });
    expect(await bridge.run({ type: 'volume', relative: true, percent: 5 })).toEqual({ ok: true });
    expect(sent).toEqual([45]);
    expect(bridge.snapshot()?.playback?.device.volume_percent).toBe(45);
    bridge.update({ playback: playback({ device: { name: 'Study speaker', volume_percent: 50 } }), receivedAt: AT + 1, run: () => undefined });
    expect(bridge.snapshot()?.playback?.device.volume_percent).toBe(50);
  });
});
