// npm test: the type check and the lint beside the tests, arguments going to vitest (`npm test -- test/cli.test.ts`).
// The tests spend most of their time waiting (the soak alone runs two minutes), so the checks take no time of
// their own beside them; they run one after the other, not to crowd the two cores. Their reports are printed
// after the tests'; the run fails if any of the three fails.
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

const quiet = ['ignore', 'pipe', 'pipe'];
const checks = (async () => {
  const types = await run('tsc', ['--noEmit'], quiet);
  const lint = await run('eslint', ['.'], quiet);
  return { types, lint };
})();
const tests = run('vitest', ['run', ...process.argv.slice(2)], 'inherit');
const [{ types, lint }, results] = await Promise.all([checks, tests]);
process.stdout.write(types.code === 0 ? '\ntsc --noEmit: no errors\n' : `\ntsc --noEmit failed:\n${types.output}`);
process.stdout.write(lint.code === 0 ? 'eslint: no problems\n' : `eslint failed:\n${lint.output}`);
process.exitCode = [types.code, lint.code, results.code].find((code) => code !== 0) ?? 0;
