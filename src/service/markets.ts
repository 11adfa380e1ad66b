/**
 * Market rules (media-api "What the service does", decisions §4), pure. A market is an ISO 3166-1 alpha-2
 * code; the effective market is the token user's country when it has one, else the `market` parameter,
 * else none (everything market-bound is then unavailable).
 */

// The 249 officially assigned ISO 3166-1 alpha-2 codes.
const ISO_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
  'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI ' +
  'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN ' +
  'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
  'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE ' +
  'YT ZA ZM ZW';

const COUNTRIES: ReadonlySet<string> = new Set(ISO_CODES.split(' '));

/** Chapters and audiobooks exist only in these markets (spec, Limits). */
export const AUDIOBOOK_MARKETS: readonly string[] = ['US', 'GB', 'CA', 'IE', 'NZ', 'AU'];

/** The `market` value that means "the token user's country". */
export const FROM_TOKEN = 'from_token';

/** A valid `market` parameter: a real country code (uppercase) or `from_token`. */
export function isValidMarketParameter(value: string): boolean {
  return value === FROM_TOKEN || COUNTRIES.has(value);
}

/**
 * The market content is judged in: the user's country first (rule 3), else the parameter (rule 2), else
 * null (rule 4). `from_token` without a user country names no market.
 */
export function effectiveMarket(userCountry: string | null, marketParameter: string | undefined): string | null {
  if (userCountry) return userCountry;
  if (marketParameter === undefined || marketParameter === FROM_TOKEN) return null;
  return marketParameter;
}

/**
 * The markets of what a music folder holds (decisions §19): the user's own files are sold nowhere and play
 * everywhere, whatever the market, none included. Stored as the only market of a local row.
 */
export const EVERYWHERE = '*';

/** Whether content listed for `availableMarkets` can be served in `market` (null: never, rule 4; local rows always). */
export function isAvailableIn(availableMarkets: readonly string[], market: string | null): boolean {
  if (availableMarkets[0] === EVERYWHERE) return true;
  return market !== null && availableMarkets.includes(market);
}

/** The `available_markets` a document lists: none for a local row, as the real service's local files list. */
export function listedMarkets(markets: readonly string[]): readonly string[] {
  return markets[0] === EVERYWHERE ? [] : markets;
}

/** What a track becomes in a market: itself, its relinked copy, or itself marked unplayable. */
export type TrackAvailability = 'playable' | 'relinked' | 'unplayable';

export function trackAvailability(
  trackMarkets: readonly string[],
  relinkedMarkets: readonly string[] | null,
  market: string | null,
): TrackAvailability {
  if (isAvailableIn(trackMarkets, market)) return 'playable';
  if (relinkedMarkets && isAvailableIn(relinkedMarkets, market)) return 'relinked';
  return 'unplayable';
}
