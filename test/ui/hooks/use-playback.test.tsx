import { Text } from 'ink';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayback, type PlaybackController } from '../../../src/ui/hooks/use-playback.js';
import { UNFOCUSED_POLL_MS } from '../../../src/ui/state/poll-pace.js';
import { ServicesProvider } from '../../../src/ui/context/app-services.js';
import { createTerminalEvents, useAttention, type TerminalEventSource } from '../../../src/ui/context/terminal-events.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';
import { settle } from '../panes/pane-harness.js';
import { useFakeClock } from '../../helpers/fake-clock.js';

interface Probe {
  controller: PlaybackController | null;
}

function Harness({ api, probe }: { api: FakeApi; probe: Probe }) {
  const [notice, setNotice] = useState('-');
  const controller = usePlayback(api, setNotice);
  const attention = useAttention();
  probe.controller = controller;
  const { data } = controller;
  const state = data === undefined ? 'loading' : data === null ? 'nothing' : data.is_playing ? 'playing' : 'paused';
  return (
    <Text>
      state={state} item={data?.item?.name ?? '-'} notice={notice} attention={attention}
    </Text>
  );
}

function mount(api: FakeApi, events: TerminalEventSource | null = null) {
  const probe: Probe = { controller: null };
  const app = renderApp(
    <ServicesProvider services={{ terminalEvents: events }}>
      <Harness api={api} probe={probe} />
    </ServicesProvider>,
  );
  return { app, probe, polls: () => api.callsTo('getPlaybackState').length };
}

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2025, 0, 1));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('usePlayback', () => {
  it('polls every 5 s while playing and every 15 s while paused', async () => {
    const api = createFakeApi();
    const { app, polls } = mount(api);
    await app.waitForFrame('state=playing');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls()).toBe(2);
    api.updatePlayback({ is_playing: false });
    await vi.advanceTimersByTimeAsync(5_000);
    await app.waitForFrame('state=paused');
    expect(polls()).toBe(3);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(polls()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(4);
  });

  it('keeps the state it shows when a poll only confirms the running clock, so nothing renders', async () => {
    const api = createFakeApi();
    const { app, probe, polls } = mount(api);
    await app.waitForFrame('state=playing');
    const shown = probe.controller!.data;
    const frames = app.frameCount();
    api.advancePlayback(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls()).toBe(2);
    api.advancePlayback(20_000); // a seek: off the clock by 15 s
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls()).toBe(3);
    await vi.waitFor(() => expect(probe.controller!.data).not.toBe(shown));
    // One render, the seek's: the answer that agreed with the clock rendered nothing.
    expect(app.frameCount()).toBe(frames + 1);
  });

  it('polls again just after the current item should end', async () => {
    const api = createFakeApi();
    const duration = api.currentPlayback()!.item!.duration_ms;
    api.updatePlayback({ progress_ms: duration - 2_000 });
    const { app, polls } = mount(api);
    await app.waitForFrame('state=playing');
    const first = api.currentPlayback()!.item!.name;
    await vi.advanceTimersByTimeAsync(2_499);
    expect(polls()).toBe(1);
    api.advancePlayback(2_500);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(2);
    await app.waitForFrame((frame) => frame.includes('item=') && !frame.includes(`item=${first}`));
  });

  it('shows a command\'s result at once and polls as soon as the command is done', async () => {
    const api = createFakeApi();
    const { app, probe, polls } = mount(api);
    await app.waitForFrame('state=playing');
    const hold = api.hold('pause');
    probe.controller!.run({ type: 'togglePlay' });
    await app.waitForFrame('state=paused');
    expect(api.callsTo('pause')).toHaveLength(1);
    expect(polls()).toBe(1);
    hold.release();
    await vi.waitFor(() => expect(polls()).toBe(2));
    expect(api.currentPlayback()!.is_playing).toBe(false);
  });

  it('refuses what the actions forbid, and sends nothing', async () => {
    const api = createFakeApi({ playback: { actions: { skipping_next: false } } });
    const { app, probe } = mount(api);
    await app.waitForFrame('state=playing');
    probe.controller!.run({ type: 'next' });
    await app.waitForFrame("notice=can't skip: nothing next");
    expect(api.callsTo('next')).toHaveLength(0);
  });

  it('says so when nothing is playing', async () => {
    const api = createFakeApi({ playback: null });
    const { app, probe } = mount(api);
    await app.waitForFrame('state=nothing');
    probe.controller!.run({ type: 'togglePlay' });
    await app.waitForFrame('notice=nothing is playing');
    expect(api.callsTo('play')).toHaveLength(0);
  });

  it('reports a command the service refused, and polls for the truth', async () => {
    const api = createFakeApi();
    const { app, probe, polls } = mount(api);
    await app.waitForFrame('state=playing');
    api.failNext('forbidden', { method: 'pause', details: { reason: 'ALREADY_PAUSED' } });
    probe.controller!.run({ type: 'togglePlay' });
    await app.waitForFrame("notice=couldn't pause: ALREADY_PAUSED");
    await vi.waitFor(() => expect(polls()).toBe(2));
    await app.waitForFrame('state=playing');
  });
});

describe('usePlayback on a terminal that reports its focus', () => {
  it('asks at most twice in 30 s once the window loses the focus, counted from the last answer', async () => {
    const api = createFakeApi();
    const events = createTerminalEvents();
    const { app, polls } = mount(api, events);
    await app.waitForFrame('state=playing');
    await vi.advanceTimersByTimeAsync(1_000);
    events.focus(false);
    await app.waitForFrame('attention=unfocused');
    await settle(); // the effect that re-times the poll
    await vi.advanceTimersByTimeAsync(UNFOCUSED_POLL_MS - 1_001);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(polls()).toBe(4);
  });

  it('does not poll at the end of an item while the window is behind others', async () => {
    const api = createFakeApi();
    const duration = api.currentPlayback()!.item!.duration_ms;
    api.updatePlayback({ progress_ms: duration - 2_000 });
    const events = createTerminalEvents();
    events.focus(false);
    const { app, polls } = mount(api, events);
    await app.waitForFrame('state=playing');
    await vi.advanceTimersByTimeAsync(UNFOCUSED_POLL_MS - 1);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(2);
  });

  it('asks at once when the focus comes back, then every 5 s again', async () => {
    const api = createFakeApi();
    const events = createTerminalEvents();
    const { app, polls } = mount(api, events);
    await app.waitForFrame('state=playing');
    events.focus(false);
    await app.waitForFrame('attention=unfocused');
    await settle(); // the effect that re-times the poll
    await vi.advanceTimersByTimeAsync(7_000);
    expect(polls()).toBe(1);
    api.updatePlayback({ is_playing: false }); // paused elsewhere meanwhile
    events.focus(true);
    await app.waitForFrame('attention=focused');
    await vi.waitFor(() => expect(polls()).toBe(2));
    await app.waitForFrame('state=paused');
    api.updatePlayback({ is_playing: true });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(polls()).toBe(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls()).toBe(4);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls()).toBe(5);
  });

  it('only re-times the next poll when the focus comes back within a second of an answer', async () => {
    const api = createFakeApi();
    const events = createTerminalEvents();
    const { app, polls } = mount(api, events);
    await app.waitForFrame('state=playing');
    events.focus(false);
    await app.waitForFrame('attention=unfocused');
    await settle(); // the effect that re-times the poll
    await vi.advanceTimersByTimeAsync(500);
    events.focus(true);
    await app.waitForFrame('attention=focused');
    await settle();
    await vi.advanceTimersByTimeAsync(4_499);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(2);
  });
});
