/** Which markets demo content is sold in (decisions §10: some content is limited so the market rules show). */

/** Where most content is available: 40 real ISO 3166-1 codes, GB among them. */
export const BROAD_MARKETS: readonly string[] = (
  'AR AT AU BE BR CA CH CL CO CZ DE DK ES FI FR GB GR HK ID IE IL IN IT JP KR MX MY NL NO NZ PH PL PT SE ' +
  'SG TH TR TW US ZA'
).split(' ');

/** Regional releases, none of them sold in GB, so the demo user (country GB) meets unavailable content. */
export const REGIONAL_MARKET_SETS: readonly (readonly string[])[] = [
  ['JP'],
  ['JP', 'KR', 'TW'],
  ['BR', 'MX', 'AR', 'CL', 'CO'],
  ['US', 'CA'],
  ['DE', 'AT', 'CH'],
  ['FR', 'BE'],
  ['IN', 'SG', 'MY'],
];

/** The only markets of audiobooks and chapters (spec, Limits). */
export const AUDIOBOOK_MARKETS: readonly string[] = ['US', 'GB', 'CA', 'IE', 'NZ', 'AU'];

/** Audiobook market subsets: most in all six, some without GB. */
export const AUDIOBOOK_MARKET_SETS: readonly (readonly string[])[] = [
  AUDIOBOOK_MARKETS,
  ['US', 'CA'],
  ['GB', 'IE'],
  ['GB', 'AU', 'NZ'],
  ['US', 'CA', 'AU', 'NZ'],
];
