import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard } from './pane-harness.js';
import { sectionPane } from './section-harness.js';

describe('the saved shows section', () => {
  it('lists the saved shows with their total and selects the one under the cursor', async () => {
    const api = createFakeApi();
    const [first, second] = api.catalog.savedShows;
    const app = renderApp(inDashboard(api, sectionPane('shows').pane));
    const frame = await app.waitForFrame('Saved shows · 25');
    expect(frame).toContain(`› ${first!.show.name}`);
    await app.press('j');
    await app.waitForFrame(`› ${second!.show.name}`);
    expect(api.callsTo('getSavedShows')).toHaveLength(1);
  });

  it('G goes to the last show, g back to the first', async () => {
    const api = createFakeApi();
    const shows = api.catalog.savedShows;
    const app = renderApp(inDashboard(api, sectionPane('shows', { height: 12 }).pane));
    await app.waitForFrame(shows[0]!.show.name);
    await app.press('G');
    await app.waitForFrame(`› ${shows.at(-1)!.show.name}`);
    expect(app.frame()).not.toContain(shows[0]!.show.name);
    await app.press('g');
    await app.waitForFrame(`› ${shows[0]!.show.name}`);
  });
});
