import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What the credentials file flushes, in order: every open handle's path and its sync. */
const flushed: string[] = [];

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...fs,
    rename: async (from: string, to: string) => {
      flushed.push(`rename ${to}`);
      return fs.rename(from, to);
    },
    open: async (...args: Parameters<typeof fs.open>) => {
      const handle = await fs.open(...args);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        flushed.push(`sync ${String(args[0])}`);
        return sync();
      };
      return handle;
    },
  };
});

const { CredentialsFile, defaultCredentialsPath } = await import('../../../src/api/auth/credentials.js');

let home: string;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'playdeck-credentials-'));
  flushed.length = 0;
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('saving a login', () => {
  it('flushes the new file, renames it into place, then flushes the folder, so a power cut brings back neither half', async () => {
    const path = defaultCredentialsPath({ XDG_CONFIG_HOME: home });
    await new CredentialsFile(path).save('http://127.0.0.1:9', {
      clientId: 'playdeck-demo',
      tokenUrl: 'http://127.0.0.1:9/api/token',
      accessToken: 'a',
      refreshToken: 'r',
      scope: 'user-read-private',
      obtainedAt: 1_000,
      expiresAt: 3_601_000,
      user: { id: 'demo', displayName: 'Demo User' },
    });
    const steps = flushed.filter((step) => !step.includes('.lock'));
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^sync .*credentials\.json\.\d+\.[0-9a-f]+\.tmp$/);
    expect(steps.slice(1)).toEqual([`rename ${path}`, `sync ${dirname(path)}`]);
  });
});
