/**
 * A scripted user at a browser: opens the authorize URL, types the code `playdeck serve` printed (when given),
 * presses a button of the consent form, follows the redirect.
 */
import { readConsentForm, submission } from './consent-form.js';

export interface BrowserVisit {
  /** The consent page's status. */
  consentStatus: number;
  /** The callback page's status (the playdeck login's loopback server). */
  callbackStatus: number;
  callbackBody: string;
}

export interface Consenting {
  /** The code serve shows (`consent_code=`), typed into the form. */
  code?: string | null;
  /** Changes the callback URL before the browser follows it. */
  editCallback?: (callback: URL) => URL;
}

export async function consentAt(authorizeUrl: string, button: 'approve' | 'deny', consenting: Consenting = {}): Promise<BrowserVisit> {
  const { code, editCallback = (callback: URL) => callback } = consenting;
  const consent = await fetch(authorizeUrl);
  const form = readConsentForm(await consent.text());
  const posted = await fetch(new URL(form.action, authorizeUrl), {
    method: form.method,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: submission(form, button, code ? { consent_code: code } : {}),
    redirect: 'manual',
  });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || !location) throw new Error(`the consent form answered ${posted.status}, not a redirect`);
  const callback = await fetch(editCallback(new URL(location)));
  return { consentStatus: consent.status, callbackStatus: callback.status, callbackBody: await callback.text() };
}
