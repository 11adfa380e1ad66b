import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGS, HASHES_FILE, answerHashes } from '../helpers/body-hashes.js';

/**
 * The bytes the service sends, unchanged by a refactoring: a script of about 220 requests a catalog (every GET route
 * in several forms, as four kinds of caller and through three Host headers, then a reorder and a play) answers
 * with the status and body hashes recorded before the routes became declarations (helpers/body-hashes.ts).
 */
const recorded = JSON.parse(readFileSync(HASHES_FILE, 'utf8')) as Record<string, Record<string, string>>;

describe.each(Object.keys(CATALOGS))('the %s catalog', (name) => {
  it('answers every request of the script as recorded', async () => {
    expect(await answerHashes(CATALOGS[name]!)).toEqual(recorded[name]);
  });
});
