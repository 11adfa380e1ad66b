import { describe, expect, it } from 'vitest';
import { ApiError, LoginExpiredError } from '../src/api/errors.js';
import { describeRefusal } from '../src/cli/start-error.js';

const BASE = 'https://api.example/v1';

describe('start-up refusals', () => {
  it('names what to do for the real service\'s development-mode 403s, in one line', () => {
    const subscription = describeRefusal(BASE, new ApiError('forbidden', 'Active premium subscription required for the owner of the app', { status: 403 }));
    expect(subscription).toContain('its owner needs an active Premium subscription');
    const unapproved = describeRefusal(BASE, new ApiError('forbidden', 'User not registered in the Developer Dashboard', { status: 403 }));
    expect(unapproved).toContain("must add you to the app's users");
    for (const line of [subscription, unapproved]) expect(line).not.toContain('\n');
  });

  it('says how to renew an expired login, and passes other refusals on with the service\'s words', () => {
    expect(describeRefusal(BASE, new LoginExpiredError())).toBe('login expired: run `playdeck login` to renew it');
    expect(describeRefusal(BASE, new ApiError('unauthorized', 'Invalid access token', { status: 401 }))).toBe(
      `${BASE} refused the token: Invalid access token`,
    );
  });
});
