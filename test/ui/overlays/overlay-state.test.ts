import { describe, expect, it } from 'vitest';
import { overlayReducer, type Overlay } from '../../../src/ui/overlays/overlay-state.js';

const help: Overlay = { kind: 'help' };
const devices: Overlay = { kind: 'devices' };
const picker: Overlay = { kind: 'playlistPicker', label: '“Song”', recent: [], onPick: () => {} };

describe('the overlay open', () => {
  it('is the one last opened: another key replaces the one open', () => {
    expect(overlayReducer(null, { type: 'open', overlay: help })).toBe(help);
    expect(overlayReducer(help, { type: 'open', overlay: devices })).toBe(devices);
    expect(overlayReducer(devices, { type: 'open', overlay: picker })).toBe(picker);
  });

  it('closes on its own key again', () => {
    expect(overlayReducer(help, { type: 'open', overlay: { kind: 'help' } })).toBeNull();
  });

  it('closes on Esc, but a late close of one replaced since closes nothing', () => {
    expect(overlayReducer(devices, { type: 'close', kind: 'devices' })).toBeNull();
    expect(overlayReducer(help, { type: 'close', kind: 'devices' })).toBe(help);
  });
});
