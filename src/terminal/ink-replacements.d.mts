/** See ink-replacements.mjs. */
export const INK_REPLACEMENTS: readonly { specifier: string; by: string }[];
export const REPLACED_SPECIFIERS: RegExp;
export function inkReplacement(specifier: string, importer: string | undefined): string | undefined;
