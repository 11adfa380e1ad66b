/**
 * The loopback redirect target of a login (RFC 8252 §7.3): `http://127.0.0.1:<free port>/callback`, which
 * takes the first callback that carries this attempt's `state` and yields its authorization code or its
 * refusal. A request without that state (another page of the browser, another local user guessing the
 * port) is answered 400 and changes nothing: the login keeps waiting for the real one. The browser is shown
 * a short page either way; nothing it sent is echoed back unescaped.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export class LoginError extends Error {
  override readonly name = 'LoginError';
}

export interface CallbackServer {
  redirectUri: string;
  /** The authorization code of the first callback to `/callback` with this attempt's state; rejects with a `LoginError`. */
  code: Promise<string>;
  close(): Promise<void>;
}

const CALLBACK_PATH = '/callback';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(response: ServerResponse, status: number, title: string, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'",
    connection: 'close',
  });
  response.end(`<!doctype html><meta charset="utf-8"><title>playdeck: ${title}</title><h1>${title}</h1><p>${escapeHtml(text)}</p>`);
}

/** What a callback with the right state means: the code, or why there is none. */
function readCallback(query: URLSearchParams): string | LoginError {
  const error = query.get('error');
  if (error === 'access_denied') return new LoginError('consent was denied (access_denied)');
  if (error !== null) {
    const description = query.get('error_description');
    return new LoginError(`the service refused the login: ${description ? `${description} (${error})` : error}`);
  }
  const code = query.get('code');
  return code ? code : new LoginError('the login callback carried no authorization code');
}

/** Compared in constant time: the state is the one secret a local process cannot see. */
function sameSecret(given: string | null, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startCallbackServer(expectedState: string): Promise<CallbackServer> {
  let settle!: (outcome: string | LoginError) => void;
  const code = new Promise<string>((resolve, reject) => {
    settle = (outcome) => (outcome instanceof LoginError ? reject(outcome) : resolve(outcome));
  });
  // Settled (and answered) once; later callbacks, e.g. a reload of the page, change nothing.
  let done = false;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== CALLBACK_PATH) return page(response, 404, 'Not found', 'This is the playdeck login callback.');
    if (request.method !== 'GET') return page(response, 405, 'Method not allowed', 'Use GET.');
    if (done) return page(response, 409, 'Already handled', 'This login attempt is over; see the terminal.');
    // Checked before anything else: only the browser sent back by the service knows the state.
    if (!sameSecret(url.searchParams.get('state'), expectedState)) {
      return page(response, 400, 'Not this login', 'This callback does not belong to the login the terminal waits for.');
    }
    done = true;
    const outcome = readCallback(url.searchParams);
    if (outcome instanceof LoginError) page(response, 400, 'Login failed', `${outcome.message}. See the terminal.`);
    else page(response, 200, 'Logged in', 'You can close this tab and return to the terminal.');
    settle(outcome);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    code,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
