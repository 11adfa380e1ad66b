import { describe, expect, it } from 'vitest';
import { statusLine } from '../../src/ui/app/status-line.js';

const NONE = { prompt: null, notice: null, pane: null, playbackError: null };

describe('statusLine', () => {
  it('shows the prompt over a notice, a notice over the pane, the pane over a playback error', () => {
    const all = { prompt: 'Unsaved moves', notice: 'refused', pane: 'saved', playbackError: 'player: offline' };
    expect(statusLine(all)).toEqual({ message: 'Unsaved moves', tone: 'info' });
    expect(statusLine({ ...all, prompt: null })).toEqual({ message: 'refused', tone: 'error' });
    expect(statusLine({ ...all, prompt: null, notice: null })).toEqual({ message: 'saved', tone: 'info' });
    expect(statusLine({ ...NONE, playbackError: 'player: offline' })).toEqual({ message: 'player: offline', tone: 'error' });
  });

  it('is empty, and not an error, with nothing to say', () => {
    expect(statusLine(NONE)).toEqual({ message: null, tone: 'info' });
  });
});
