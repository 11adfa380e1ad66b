import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.js';
import { parseCliArgs } from '../../src/cli/parse-args.js';
import { USAGE } from '../../src/cli/usage.js';

describe('--config and --no-mouse', () => {
  it('reach the dashboard with either service', () => {
    expect(parseCliArgs(['--config', '/tmp/c.toml', '--no-mouse'], {})).toMatchObject({
      kind: 'run',
      name: '',
      value: { kind: 'embedded', port: undefined, db: undefined, configPath: '/tmp/c.toml', noMouse: true },
    });
    expect(parseCliArgs(['--base-url', 'http://x/v1', '--token', 't', '--config=c.toml'], {})).toMatchObject({
      kind: 'run',
      value: { kind: 'remote', baseUrl: 'http://x/v1', token: 't', configPath: 'c.toml' },
    });
  });

  it('add nothing when not given, and refuse an empty path', () => {
    const parsed = parseCliArgs([], {});
    expect(parsed.kind === 'run' && 'configPath' in (parsed.value as object)).toBe(false);
    expect(() => parseCliArgs(['--config='], {})).toThrow(UsageError);
  });

  it('are in --help', () => {
    expect(USAGE).toMatch(/--config PATH/);
    expect(USAGE).toMatch(/--no-mouse/);
  });
});
