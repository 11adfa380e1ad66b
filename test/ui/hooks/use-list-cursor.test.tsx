import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard } from '../panes/pane-harness.js';
import { sectionPane } from '../panes/section-harness.js';

describe('list cursor before the first page', () => {
  it('keeps moves typed while the list loads and applies them once it arrives', async () => {
    const api = createFakeApi();
    const shows = api.catalog.savedShows;
    const held = api.hold('getSavedShows');
    const app = renderApp(inDashboard(api, sectionPane('shows').pane));
    await app.waitForFrame('Loading');
    await app.press('j', 'j');
    held.release();
    await app.waitForFrame(`› ${shows[2]!.show.name}`);
    expect(app.frame()).not.toContain(`› ${shows[0]!.show.name}`);
  });
});
