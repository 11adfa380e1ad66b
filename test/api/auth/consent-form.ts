/** The scripted "browser" of the login tests: reads the consent page's form as a browser would submit it. */

export interface ConsentForm {
  method: string;
  action: string;
  /** Hidden inputs, in order. */
  fields: [string, string][];
  /** The submit buttons: name and value. */
  buttons: [string, string][];
  /** The names of the inputs a person types into (the code `playdeck serve` prints). */
  typed: string[];
}

const unescape = (text: string) => text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescape(match[1]!) : undefined;
};

export function readConsentForm(html: string): ConsentForm {
  const form = /<form\b[^>]*>/.exec(html)?.[0];
  if (!form) throw new Error('no form on the page');
  const fields = [...html.matchAll(/<input\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => attribute(tag, 'type') === 'hidden')
    .map((tag): [string, string] => [attribute(tag, 'name')!, attribute(tag, 'value') ?? '']);
  const buttons = [...html.matchAll(/<button\b[^>]*>/g)].map(([tag]): [string, string] => [attribute(tag, 'name')!, attribute(tag, 'value') ?? '']);
  const typed = [...html.matchAll(/<input\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => attribute(tag, 'type') === 'text').map((tag) => attribute(tag, 'name')!);
  return { method: (attribute(form, 'method') ?? 'get').toUpperCase(), action: attribute(form, 'action')!, fields, buttons, typed };
}

/** The form body a browser sends when `button` is pressed, with what was typed into the text inputs. */
export function submission(form: ConsentForm, button: string, typed: Record<string, string> = {}): string {
  const pressed = form.buttons.find(([name]) => name === button);
  if (!pressed) throw new Error(`no ${button} button on the form`);
  const inputs = form.typed.map((name): [string, string] => [name, typed[name] ?? '']);
  return new URLSearchParams([...form.fields, ...inputs, pressed]).toString();
}
