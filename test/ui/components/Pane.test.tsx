import { Text } from 'ink';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { Pane } from '../../../src/ui/components/Pane.js';
import { renderApp } from '../../helpers/render.js';

function pane(isFocused: boolean) {
  return (
    <Pane title="Title" isFocused={isFocused} width={20} height={4}>
      <Text>first</Text>
      <Text>second</Text>
    </Pane>
  );
}

describe('Pane', () => {
  it('draws a titled border, light or heavy, around its children', async () => {
    const app = renderApp(pane(false));
    expect(await app.waitForFrame('first')).toBe(
      ['╭─ Title ──────────╮', '│first             │', '│second            │', '╰──────────────────╯'].join('\n'),
    );
    app.rerender(pane(true));
    // Switching the border's weight keeps every row in its place.
    expect(await app.waitForFrame('┏')).toBe(
      ['┏━ Title ━━━━━━━━━━┓', '┃first             ┃', '┃second            ┃', '┗━━━━━━━━━━━━━━━━━━┛'].join('\n'),
    );
  });

  it('cuts a long or hostile title to fit the width', async () => {
    const app = renderApp(
      <Pane title={'A very long title \u001b[2J that goes on'} isFocused={false} width={16} height={3}>
        <Text>body</Text>
      </Pane>,
    );
    const border = (await app.waitForFrame('body')).split('\n')[0]!;
    expect(stringWidth(border)).toBe(16);
    expect(border).not.toContain('\u001b');
    expect(border).toBe('╭─ A very lo… ─╮');
  });
});
