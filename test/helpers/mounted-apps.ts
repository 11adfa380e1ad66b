import type { Instance } from 'ink';

/**
 * The Ink instances `renderApp` (render.tsx) has mounted and not yet unmounted. Kept apart from render.tsx so
 * that the per-file setup (each-file.ts) can unmount them after every test without loading Ink and the App
 * into files that never draw.
 */
const mounted = new Set<Instance>();

export function trackMounted(instance: Instance): void {
  mounted.add(instance);
}

export function forgetMounted(instance: Instance): void {
  mounted.delete(instance);
}

export function unmountAll(): void {
  for (const instance of mounted) instance.unmount();
  mounted.clear();
}
