import { describe, expect, it } from 'vitest';
import { ShowsPane } from '../../../src/ui/panes/ShowsPane.js';
import { createFakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard, paneCallbacks } from '../panes/pane-harness.js';

describe('list cursor before the first page', () => {
  it('keeps moves typed while the list loads and applies them once it arrives', async () => {
    const api = createFakeApi();
    const shows = api.catalog.savedShows;
    const held = api.hold('getSavedShows');
    const app = renderApp(inDashboard(api, <ShowsPane isFocused width={66} height={20} {...paneCallbacks()} />));
    await app.waitForFrame('Loading');
    await app.press('j', 'j');
    held.release();
    await app.waitForFrame(`› ${shows[2]!.show.name}`);
    expect(app.frame()).not.toContain(`› ${shows[0]!.show.name}`);
  });
});
