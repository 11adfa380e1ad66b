// The scan's worker thread from the sources (tests): its TypeScript loaded through tsx. The program's build
// bundles scan-thread.ts itself under this name, beside the service's chunk (scripts/bundle.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./scan-thread.ts');
