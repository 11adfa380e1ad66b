/**
 * What a recording holds, told by ear: the level and the frequency of each short window (a zero-crossing count,
 * which tells pure tones apart well), and waits for what the last moments of a recording sound like.
 */
import { SAMPLE_RATE, type Recording } from './pulse-audio.js';

/** Below this RMS level a window is silence (a tone at mpv's volume 30 is ~10 times louder). */
export const SILENCE_RMS = 0.002;

export interface Window {
  /** Where it starts in the recording (ms). */
  atMs: number;
  rms: number;
  /** Hz, from its zero crossings; 0 for silence. */
  frequency: number;
}

/** The recording in windows of `ms`. */
export function windowsOf(samples: Float32Array, ms = 50): Window[] {
  const size = Math.round((SAMPLE_RATE * ms) / 1000);
  const windows: Window[] = [];
  for (let start = 0; start + size <= samples.length; start += size) {
    let energy = 0;
    let crossings = 0;
    for (let place = start; place < start + size; place++) {
      const sample = samples[place]!;
      energy += sample * sample;
      if (place > start && (samples[place - 1]! < 0) !== (sample < 0)) crossings += 1;
    }
    const rms = Math.sqrt(energy / size);
    windows.push({ atMs: (start * 1000) / SAMPLE_RATE, rms, frequency: rms < SILENCE_RMS ? 0 : (crossings / 2) * (1000 / ms) });
  }
  return windows;
}

/** Whether a window sounds like `frequency` (within 5 %). */
export function isTone(window: Window, frequency: number): boolean {
  return window.rms >= SILENCE_RMS && Math.abs(window.frequency - frequency) <= frequency * 0.05;
}

/** The last `ms` of the recording, in windows of 50 ms. */
export function lastWindows(recording: Recording, ms: number): Window[] {
  const samples = recording.samples();
  const count = Math.round((SAMPLE_RATE * ms) / 1000);
  return windowsOf(samples.subarray(Math.max(0, samples.length - count)));
}

/** Waits until the last `ms` of the recording satisfy `heard`; throws what was heard last after `timeoutMs`. */
export async function waitToHear(recording: Recording, what: string, heard: (windows: Window[]) => boolean, ms = 300, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const windows = lastWindows(recording, ms);
    if (windows.length * 50 >= ms && heard(windows)) return;
    if (Date.now() > deadline) {
      const told = windows.map((window) => (window.rms < SILENCE_RMS ? 'silence' : `${Math.round(window.frequency)} Hz`)).join(', ');
      throw new Error(`never heard ${what} in 10 s; last heard: ${told}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits to hear a tone of `frequency` (the last 300 ms of it). */
export function waitForTone(recording: Recording, frequency: number): Promise<void> {
  return waitToHear(recording, `${frequency} Hz`, (windows) => windows.every((window) => isTone(window, frequency)));
}

/** Waits to hear nothing (the last 300 ms). */
export function waitForSilence(recording: Recording): Promise<void> {
  return waitToHear(recording, 'silence', (windows) => windows.every((window) => window.rms < SILENCE_RMS));
}

/** The mean RMS level of the last `ms`. */
export function levelOf(recording: Recording, ms = 300): number {
  const windows = lastWindows(recording, ms);
  return windows.reduce((sum, window) => sum + window.rms, 0) / Math.max(1, windows.length);
}

/** Samples quieter than this are silence: a tone at mpv's volume 100 peaks at 0.125, and crosses this in under a sample. */
const GAP_LEVEL = 0.002;

/** The longest silence (ms) between the first sound of the recording and its last, measured sample by sample. */
export function longestGapMs(samples: Float32Array): number {
  const first = samples.findIndex((sample) => Math.abs(sample) >= GAP_LEVEL);
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) < GAP_LEVEL) last -= 1;
  let run = 0;
  let longest = 0;
  for (let place = Math.max(0, first); place <= last; place++) {
    run = Math.abs(samples[place]!) < GAP_LEVEL ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return (longest * 1000) / SAMPLE_RATE;
}
