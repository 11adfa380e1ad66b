// npm test: the type check and the tests side by side, arguments going to vitest (`npm test -- test/cli.test.ts`).
// The tests spend most of their time waiting (the soak alone runs two minutes), so the type check takes no
// time of its own beside them. Its report is printed after theirs; the run fails if either fails.
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };

/** Runs a command; resolves with its exit code (1 if a signal ended it). */
function run(command, args, stdio) {
  const child = spawn(command, args, { env, stdio });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const typecheck = run('tsc', ['--noEmit'], ['ignore', 'pipe', 'pipe']);
const tests = run('vitest', ['run', ...process.argv.slice(2)], 'inherit');
const [types, results] = await Promise.all([typecheck, tests]);
process.stdout.write(types.code === 0 ? '\ntsc --noEmit: no errors\n' : `\ntsc --noEmit failed:\n${types.output}`);
process.exitCode = types.code !== 0 ? types.code : results.code;
