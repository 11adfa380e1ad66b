import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyLayersProvider, useKeyLayer } from '../../../src/ui/keys/use-key-layer.js';
import { KEY_LAYER } from '../../../src/ui/keys/key-layers.js';
import { messageOf, type Question } from '../../../src/ui/prompt/question.js';
import { usePrompt, type Prompt, type PromptOptions } from '../../../src/ui/prompt/use-prompt.js';

/** A pane below the question, recording the keys that reach it. */
function Pane({ onKey }: { onKey(input: string): void }) {
  useKeyLayer(KEY_LAYER.pane, (input) => (onKey(input), true));
  return null;
}

function Asker({ question, options, onPrompt }: { question: Question; options?: PromptOptions; onPrompt(prompt: Prompt): void }) {
  const prompt = usePrompt(options);
  const { ask } = prompt;
  useEffect(() => ask(question), [ask, question]);
  onPrompt(prompt);
  return <Text>{prompt.asked === null ? 'no question' : messageOf(prompt.asked)}</Text>;
}

let unmount = (): void => {};
afterEach(() => unmount());

/** React renders a key's update within two check phases (as in use-key-layer.test.tsx). */
const settle = async () => {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
};

async function mount(question: Question, options?: PromptOptions) {
  const paneKeys: string[] = [];
  let prompt: Prompt | null = null;
  const app = render(
    <KeyLayersProvider>
      <Pane onKey={(input) => paneKeys.push(input)} />
      <Asker question={question} options={options} onPrompt={(current) => (prompt = current)} />
    </KeyLayersProvider>,
  );
  unmount = app.unmount;
  // Asked in an effect: up once a render shows it, or (not active) once it is said.
  await vi.waitFor(() => expect(prompt?.asked ?? null).not.toBeNull());
  const press = async (...inputs: string[]) => {
    for (const input of inputs) {
      app.stdin.write(input);
      await settle();
    }
  };
  return { app, paneKeys, press, prompt: () => prompt! };
}

describe('usePrompt', () => {
  it('takes every key while up, shows what is typed, and gives it back on Enter', async () => {
    const onAnswer = vi.fn();
    const { app, paneKeys, press } = await mount({ kind: 'number', maxDigits: 4, view: (typed) => `minutes ${typed}_`, onAnswer });
    await press('1', 'j', '5');
    await vi.waitFor(() => expect(app.lastFrame()).toBe('minutes 15_'));
    await press('\r');
    expect(onAnswer).toHaveBeenCalledWith('15');
    await vi.waitFor(() => expect(app.lastFrame()).toBe('no question'));
    expect(paneKeys).toEqual([]);
    await press('j');
    expect(paneKeys).toEqual(['j']);
  });

  it('runs the answer once the question has closed, so that it may ask the next', async () => {
    let prompt: () => Prompt = () => null as never;
    const second: Question = { kind: 'yesNo', text: 'and then? y/n', onAnswer: () => {} };
    const mounted = await mount({ kind: 'name', label: 'a name', maxLength: 10, enterHint: 'Enter goes on', onAnswer: () => prompt().ask(second) });
    prompt = mounted.prompt;
    await mounted.press('a', '\r');
    await vi.waitFor(() => expect(mounted.app.lastFrame()).toBe('and then? y/n'));
  });

  it('lets Ctrl+C through to the layers below, closing the question', async () => {
    const { app, paneKeys, press } = await mount({ kind: 'wait', text: 'Saving…' });
    await press('s', '\u0003');
    expect(paneKeys).toEqual(['c']);
    await vi.waitFor(() => expect(app.lastFrame()).toBe('no question'));
  });

  it('holds no key while not active, and says each line it shows as it changes', async () => {
    const onMessage = vi.fn();
    const { paneKeys, press } = await mount({ kind: 'yesNo', text: 'sure? y/n', onAnswer: () => {} }, { isActive: false, onMessage });
    await press('y');
    expect(paneKeys).toEqual(['y']);
    expect(onMessage).toHaveBeenCalledWith('sure? y/n');
  });
});
