import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Starts a child process and resolves once it printed every `key=value` line named in `keys`. */
export async function spawnAndRead(
  command: string,
  args: string[],
  keys: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; values: Record<string, string> }> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const values: Record<string, string> = {};
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code} before printing ${keys}`)));
    lines.on('line', (line) => {
      const at = line.indexOf('=');
      if (at > 0) values[line.slice(0, at)] = line.slice(at + 1);
      if (keys.every((key) => key in values)) resolve();
    });
  });
  return { child, values };
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
