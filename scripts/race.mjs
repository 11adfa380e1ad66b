// npm run race: issue 35's racing property at length (test/ui/playlist-editor/race.test.ts), 5,000 interleavings
// of up to 60 steps by default where `npm test` tries 500 of up to 40. `npm run race -- RUNS [SEED]` sets them;
// `RACE_CASE='<a counterexample as printed>' npm run race` replays one, printing every step.
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const [runs = '5000', seed = String(Date.now() % 1_000_000)] = process.argv.slice(2);
const env = {
  ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, RACE_RUNS: runs, RACE_SEED: seed, RACE_STEPS: process.env.RACE_STEPS ?? '60',
};
const child = spawn('vitest', ['run', 'test/ui/playlist-editor/race.test.ts'], { env, stdio: 'inherit' });
child.on('close', (code) => (process.exitCode = code ?? 1));
