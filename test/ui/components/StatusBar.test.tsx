import { describe, expect, it } from 'vitest';
import { StatusBar, describeConnection } from '../../../src/ui/components/StatusBar.js';
import { renderApp } from '../../helpers/render.js';

describe('StatusBar', () => {
  it('shows an expired session in full, with what to do', async () => {
    const message = 'session expired: run `playdeck login`';
    const app = renderApp(
      <StatusBar width={120} message={null} tone="info" connection={{ state: 'unauthorized', message }} staleSince={null} />,
    );
    await app.waitForFrame(message);
    expect(app.frame()).toContain('? help · q quit');
  });

  it('counts down a rate limit and names other troubles', () => {
    expect(describeConnection({ state: 'rate-limited', until: 12_000 }, 0)).toBe('rate-limited, retrying in 12 s');
    expect(describeConnection({ state: 'offline', message: 'connection refused' }, 0)).toBe('offline: connection refused');
  });
});
