/**
 * The HTML the browser sees at `/authorize`: the consent page (its form posts the request's parameters back
 * as hidden inputs, with the code `playdeck serve` printed, an `approve` and a `deny` button) and the error
 * page. Everything echoed is escaped.
 */

/** What each scope lets the client do, in the user's words. */
const SCOPE_DESCRIPTIONS: Record<string, string> = {
  'user-read-private': 'Read your profile: name, country and subscription',
  'user-read-email': 'Read your email address',
  'user-read-playback-state': 'See what is playing and on which device',
  'user-modify-playback-state': 'Control playback: play, pause, skip, seek, shuffle and repeat',
  'user-read-playback-position': 'See how far you have listened into episodes',
  'user-library-read': 'See your saved shows and audiobooks',
  'playlist-read-private': 'See your playlists, private ones included',
  'playlist-modify-public': 'Change your public playlists',
  'playlist-modify-private': 'Change your private playlists',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:36em;margin:3em auto;padding:0 1em}button{font-size:1em;margin-right:1em}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export interface ConsentPage {
  clientName: string;
  userName: string;
  scopes: readonly string[];
  /** The authorization request's parameters, posted back unchanged. */
  hidden: readonly (readonly [string, string])[];
  /** Why the last approval was not taken (a wrong code), shown above the form. */
  problem?: string;
}

/** The form field that carries the code serve printed. */
export const CONSENT_CODE_FIELD = 'consent_code';

export function renderConsentPage(page: ConsentPage): string {
  const scopes = page.scopes.length
    ? `<ul>\n${page.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)}</li>`).join('\n')}\n</ul>`
    : '<p>No access to your account beyond your identity.</p>';
  const hidden = page.hidden
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const problem = page.problem === undefined ? '' : `<p role="alert"><strong>${escapeHtml(page.problem)}</strong></p>\n`;
  return document(
    'playdeck: allow access?',
    `<h1>Allow ${escapeHtml(page.clientName)} to use your account?</h1>
<p>Signed in as <strong>${escapeHtml(page.userName)}</strong>. ${escapeHtml(page.clientName)} asks to:</p>
${scopes}
${problem}<form method="post" action="/authorize">
${hidden}
<p><label>To approve, type the code <code>playdeck serve</code> shows in its terminal (<code>consent_code=</code>):
<input type="text" name="${CONSENT_CODE_FIELD}" autocomplete="off" spellcheck="false" size="10" maxlength="16"></label></p>
<button type="submit" name="approve" value="yes">Approve</button>
<button type="submit" name="deny" value="yes">Deny</button>
</form>`,
  );
}

export function renderErrorPage(message: string): string {
  return document('playdeck: cannot log in', `<h1>Cannot log in</h1>\n<p>${escapeHtml(message)}</p>`);
}
