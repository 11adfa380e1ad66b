import { execFileSync } from 'node:child_process';

/** Builds dist/cli.js once, so that end-to-end tests drive the same program `npm start` runs. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
