import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { ApiProvider, useApi } from '../../src/ui/context/api-context.js';
import { useKeyBindings } from '../../src/ui/context/bindings-context.js';
import { DEFAULT_BINDINGS } from '../../src/keys/bindings.js';
import { DEFAULT_SERVICES, ServicesProvider, useServices } from '../../src/ui/context/app-services.js';
import { THEMES, useTheme } from '../../src/ui/context/theme.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { renderApp } from '../helpers/render.js';

describe('the services', () => {
  it('come from the nearest provider that gives each, the rest from above or the defaults', async () => {
    const api = createFakeApi();
    const bindings = { ...DEFAULT_BINDINGS, quit: ['x'] };
    const seen: unknown[] = [];
    function Reader() {
      seen.push({ api: useApi(), theme: useTheme(), bindings: useKeyBindings(), log: useServices().log });
      return <Text>read</Text>;
    }
    const app = renderApp(
      <ApiProvider api={api}>
        <ServicesProvider services={{ bindings }}>
          <ServicesProvider services={{ theme: THEMES.light }}>
            <Reader />
          </ServicesProvider>
        </ServicesProvider>
      </ApiProvider>,
    );
    await app.waitForFrame('read');
    expect(seen.at(-1)).toEqual({ api, theme: THEMES.light, bindings, log: DEFAULT_SERVICES.log });
  });

});
