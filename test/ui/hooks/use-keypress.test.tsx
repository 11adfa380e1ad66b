import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KeypressHub, useKeypress } from '../../../src/ui/hooks/use-keypress.js';

function Pane({ name, isActive, onKey }: { name: string; isActive: boolean; onKey(name: string, input: string): void }) {
  useKeypress((input) => onKey(name, input), { isActive });
  return <Text>{name}</Text>;
}

function TwoPanes({ onKey }: { onKey(name: string, input: string): void }) {
  const [focus, setFocus] = useState('left');
  const handle = (name: string, input: string) => {
    onKey(name, input);
    if (input === '2') setFocus('right');
  };
  return (
    <>
      <Pane name="left" isActive={focus === 'left'} onKey={handle} />
      <Pane name="right" isActive={focus === 'right'} onKey={handle} />
    </>
  );
}

/** React renders a key's update within two check phases; its passive effects run only a timer later. */
const afterRenderBeforeEffects = async () => {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/** Mounts the right pane only once `2` is pressed, as opening a playlist mounts its items pane. */
function MountOnKey({ onKey }: { onKey(name: string, input: string): void }) {
  const [isOpen, setOpen] = useState(false);
  const handle = (name: string, input: string) => {
    onKey(name, input);
    if (input === '2') setOpen(true);
  };
  return (
    <>
      <Pane name="left" isActive={!isOpen} onKey={handle} />
      {isOpen && <Pane name="right" isActive onKey={handle} />}
    </>
  );
}

/** Presses `2` then `j`, each as soon as Ink has rendered the one before (its effects not run yet): what the panes saw. */
async function pressTwoThenJ(app: ReturnType<typeof render>, seen: string[]): Promise<string[]> {
  await new Promise((resolve) => setImmediate(resolve));
  app.stdin.write('2');
  await afterRenderBeforeEffects();
  app.stdin.write('j');
  await afterRenderBeforeEffects();
  app.unmount();
  return seen;
}

describe('useKeypress', () => {
  it('under a hub, gives the key right after a pane mounts to that pane', async () => {
    const seen: string[] = [];
    const app = render(
      <KeypressHub>
        <MountOnKey onKey={(name, input) => seen.push(`${name}:${input}`)} />
      </KeypressHub>,
    );
    expect(await pressTwoThenJ(app, seen)).toEqual(['left:2', 'right:j']);
  });

  it('gives the key right after a focus change to the newly focused pane, before effects run', async () => {
    const seen: string[] = [];
    const app = render(<TwoPanes onKey={(name, input) => seen.push(`${name}:${input}`)} />);
    expect(await pressTwoThenJ(app, seen)).toEqual(['left:2', 'right:j']);
  });
});
