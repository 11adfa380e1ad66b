import { Text, useInput, useStdout } from 'ink';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render.js';
import { useFakeClock } from './fake-clock.js';

function KeyEcho() {
  const [keys, setKeys] = useState<string[]>([]);
  useInput((input, key) => {
    const name = key.upArrow ? (key.shift ? 'shift-up' : 'up') : key.escape ? 'escape' : key.return ? 'enter' : key.tab
      ? (key.shift ? 'shift-tab' : 'tab') : key.pageDown ? 'pagedown' : key.ctrl ? `ctrl-${input}` : input;
    setKeys((previous) => [...previous, name]);
  });
  return <Text>keys: {keys.join(' ')}</Text>;
}

function Ticker() {
  const [ticks, setTicks] = useState(0);
  const { stdout } = useStdout();
  useEffect(() => {
    const timer = setInterval(() => setTicks((count) => count + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return <Text>ticks {ticks} at {stdout.columns}</Text>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('renderApp', () => {
  it('sends named keys as the sequences Ink parses', async () => {
    const app = renderApp(<KeyEcho />);
    await app.press('j', 'up', 'shift-up', 'escape', 'enter', 'tab', 'shift-tab', 'pagedown', 'ctrl-r');
    expect(await app.waitForFrame(/ctrl-r/)).toContain('keys: j up shift-up escape enter tab shift-tab pagedown ctrl-r');
  });

  it('rejects a key name it does not know', async () => {
    const app = renderApp(<KeyEcho />);
    await expect(app.press('hyper-z')).rejects.toThrow(/Unknown key name/);
  });

  it('waits for frames while the app runs on fake timers', async () => {
    useFakeClock();
    const app = renderApp(<Ticker />, { columns: 80, rows: 24 });
    await app.waitForFrame('ticks 0 at 80');
    vi.advanceTimersByTime(3000);
    await app.waitForFrame('ticks 3');
    app.resize(100, 30);
    vi.advanceTimersByTime(1000);
    await app.waitForFrame('ticks 4 at 100');
  });

  it('with since, finds a frame that another followed at once; without, sees the last one only', async () => {
    const app = renderApp(<Text>start</Text>);
    await app.waitForFrame('start');
    const since = app.frameCount();
    app.rerender(<Text>saving</Text>);
    app.rerender(<Text>saved</Text>);
    await app.waitForFrame('saved');
    await expect(app.waitForFrame('saving', { timeout: 50 })).rejects.toThrow(/Last frame:\nsaved/);
    expect(await app.waitForFrame('saving', { since })).toBe('saving');
  });

  it('says which frame it saw when nothing matched', async () => {
    const app = renderApp(<Text>hello</Text>);
    await expect(app.waitForFrame('goodbye', { timeout: 50 })).rejects.toThrow(/Last frame:\nhello/);
  });
});
