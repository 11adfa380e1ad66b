import { describe, expect, it } from 'vitest';
import { StatusBar, describeConnection } from '../../../src/ui/app/StatusBar.js';
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

  it('only names a failure whose words the left side shows already', async () => {
    const failure = '/data/playdeck.db is damaged: start again with --db ANOTHER_PATH (503, GET /v1/me/player)';
    const app = renderApp(
      <StatusBar width={200} message={`player: ${failure}`} tone="error" connection={{ state: 'offline', message: failure }} staleSince={null} />,
    );
    await app.waitForFrame(`player: ${failure}`);
    expect(app.frame()).toMatch(/\(503, GET \/v1\/me\/player\) *offline │ \? help · q quit$/);
    expect(describeConnection({ state: 'retrying', message: 'connection refused' }, 0, 'player: another failure')).toBe('retrying: connection refused');
  });
});
