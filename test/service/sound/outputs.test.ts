import { describe, expect, it } from 'vitest';
import { mpvDevicesOf, outputIdFor, Outputs } from '../../../src/service/sound/outputs.js';
import { loadArgs } from '../../../src/service/sound/parts.js';

/** What mpv 0.35 lists on a machine with PulseAudio running and ALSA's plugins installed (its real shape). */
const LISTED = [
  { name: 'auto', description: 'Autoselect device' },
  { name: 'pulse/alsa_output.pci-0000_00_1f.3.analog-stereo', description: 'Built-in Audio Analog Stereo' },
  { name: 'pulse/capture', description: 'Null Output' },
  { name: 'pulse/other', description: 'Null Output' },
  { name: 'alsa', description: 'Default (alsa)' },
  { name: 'alsa/lavrate', description: 'Rate Converter Plugin Using Libav/FFmpeg Library' },
  { name: 'alsa/front:CARD=PCH,DEV=0', description: 'HDA Intel PCH, ALC3246 Analog' },
  { name: 'jack', description: 'Default (jack)' },
];

describe("mpv's outputs as the devices", () => {
  it("offers mpv's own choice and the outputs of the driver it uses, named as mpv describes them, two alike told apart", () => {
    const outputs = new Outputs();
    outputs.update(LISTED, 60);
    expect(outputs.all().map((device) => device.name)).toEqual([
      'Autoselect device',
      'Built-in Audio Analog Stereo',
      'Null Output (pulse/capture)',
      'Null Output (pulse/other)',
    ]);
    expect(outputs.all().every((device) => device.supports_volume && device.volume_percent === 60 && !device.is_restricted)).toBe(true);
    expect(outputs.all()[0]!.type).toBe('computer');
  });

  it('keeps ALSA outputs that name a card, not its plugins, where ALSA is the driver mpv uses', () => {
    const outputs = new Outputs();
    outputs.update(LISTED.filter((device) => !device.name.startsWith('pulse/')), 70);
    expect(outputs.all().map((device) => device.name)).toEqual(['Autoselect device', 'Default (alsa)', 'HDA Intel PCH, ALC3246 Analog']);
  });

  it('gives each output an id from its mpv name, the same at every start, and maps it back', () => {
    const first = new Outputs();
    first.update(LISTED, 70);
    const again = new Outputs();
    again.update(LISTED.filter((device) => device.name !== 'pulse/other'), 30);
    const id = outputIdFor('pulse/capture');
    expect(first.all().find((device) => device.id === id)?.name).toBe('Null Output (pulse/capture)');
    expect(again.mpvNameOf(id)).toBe('pulse/capture');
    expect(id).toMatch(/^[0-9a-f]{40}$/);
    expect(first.deviceOf('pulse/other')?.id).toBe(outputIdFor('pulse/other'));
    expect(first.mpvNameOf('0'.repeat(40))).toBeNull();
  });

  it('sanitises the names mpv gives, and reads only what is a list of devices', () => {
    const outputs = new Outputs();
    outputs.update(mpvDevicesOf([{ name: 'auto', description: 'Auto' }, { name: 'pulse/x', description: 'Evil\u001b]0;title\u0007 speaker' }, { nope: 1 }, null]), 70);
    expect(outputs.all().map((device) => device.name)).toEqual(['Auto', 'Evil␛ speaker']);
    expect(mpvDevicesOf('not a list')).toEqual([]);
  });
});

describe('loadfile arguments', () => {
  it('plays a whole file from its start with no options (a start would be a seek, breaking gapless)', () => {
    expect(loadArgs({ path: '/m/a.flac', startMs: 0, endMs: null }, 'append', 0)).toEqual(['loadfile', '/m/a.flac', 'append']);
  });

  it("plays a chapter as its part of the file, from a position into it", () => {
    expect(loadArgs({ path: '/m/b.m4b', startMs: 60_000, endMs: 90_500 }, 'replace', 1500)).toEqual(['loadfile', '/m/b.m4b', 'replace', 'start=61.500,end=90.500']);
    expect(loadArgs({ path: '/m/a.flac', startMs: 0, endMs: null }, 'replace', 2000)).toEqual(['loadfile', '/m/a.flac', 'replace', 'start=2.000']);
  });
});
