import { describe, expect, it } from 'vitest';
import {
  AUDIOBOOK_MARKETS,
  effectiveMarket,
  isAvailableIn,
  isValidMarketParameter,
  trackAvailability,
} from '../../src/service/markets.js';

describe('market parameter', () => {
  it.each([
    ['GB', true],
    ['US', true],
    ['from_token', true],
    ['gb', false],
    ['UK', false],
    ['XX', false],
    ['GBR', false],
    ['', false],
  ])('%j is valid: %s', (value, valid) => {
    expect(isValidMarketParameter(value)).toBe(valid);
  });
});

describe('effective market (rules 2-4)', () => {
  it.each([
    { country: 'GB', market: 'US', expected: 'GB', rule: 'user country over market' },
    { country: 'GB', market: undefined, expected: 'GB', rule: 'user country alone' },
    { country: null, market: 'US', expected: 'US', rule: 'market when no country' },
    { country: null, market: undefined, expected: null, rule: 'neither: none' },
    { country: null, market: 'from_token', expected: null, rule: 'from_token without country: none' },
    { country: 'DE', market: 'from_token', expected: 'DE', rule: 'from_token with country' },
  ])('$rule', ({ country, market, expected }) => {
    expect(effectiveMarket(country, market)).toBe(expected);
  });
});

describe('availability', () => {
  it('the six audiobook markets', () => {
    expect([...AUDIOBOOK_MARKETS].sort()).toEqual(['AU', 'CA', 'GB', 'IE', 'NZ', 'US']);
  });

  it('nothing is available without a market', () => {
    expect(isAvailableIn(['GB', 'US'], null)).toBe(false);
    expect(isAvailableIn(['GB', 'US'], 'US')).toBe(true);
  });

  it.each([
    { markets: ['GB'], relinked: null, market: 'GB', expected: 'playable' },
    { markets: ['US'], relinked: null, market: 'GB', expected: 'unplayable' },
    { markets: ['US'], relinked: ['GB'], market: 'GB', expected: 'relinked' },
    { markets: ['US'], relinked: ['DE'], market: 'GB', expected: 'unplayable' },
    { markets: ['US'], relinked: ['GB'], market: null, expected: 'unplayable' },
  ])('track in $markets (copy in $relinked) for $market: $expected', ({ markets, relinked, market, expected }) => {
    expect(trackAvailability(markets, relinked, market)).toBe(expected);
  });
});
