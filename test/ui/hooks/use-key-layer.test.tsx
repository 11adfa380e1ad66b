import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KeyLayersProvider, useKeyLayer } from '../../../src/ui/keys/use-key-layer.js';
import { KEY_LAYER } from '../../../src/ui/keys/key-layers.js';

function Pane({ name, isActive, onKey }: { name: string; isActive: boolean; onKey(name: string, input: string): void }) {
  useKeyLayer(KEY_LAYER.pane, (input) => {
    onKey(name, input);
    return true;
  }, { isActive });
  return <Text>{name}</Text>;
}

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

/** React renders a key's update within two check phases; its passive effects run only a timer later. */
const afterRenderBeforeEffects = async () => {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('useKeyLayer', () => {
  it('gives the key right after a pane mounts to that pane, before effects run', async () => {
    const seen: string[] = [];
    const app = render(
      <KeyLayersProvider>
        <MountOnKey onKey={(name, input) => seen.push(`${name}:${input}`)} />
      </KeyLayersProvider>,
    );
    await new Promise((resolve) => setImmediate(resolve));
    app.stdin.write('2');
    await afterRenderBeforeEffects();
    app.stdin.write('j');
    await afterRenderBeforeEffects();
    app.unmount();
    expect(seen).toEqual(['left:2', 'right:j']);
  });

  it('throws outside a provider, naming it', () => {
    const app = render(<Pane name="alone" isActive onKey={() => {}} />);
    const frame = app.lastFrame();
    app.unmount();
    expect(frame).toContain('useKeyLayer outside a KeyLayersProvider');
  });
});
