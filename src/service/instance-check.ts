/**
 * Whether the address an instance file names is that service (instance-file.ts): a challenge sent on a
 * connection, answered with the HMAC only the service and the file's readers can make. No token goes before
 * the answer checks out. The dashboards that join a service make every connection through
 * `InstanceCheckingAgent`, so a request (its token, a save it believes) only ever travels on a connection
 * whose other end proved itself; a program listening on the old port after the owner quit gets nothing.
 */
import { Agent, type AgentOptions, type ClientRequestArgs } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  INSTANCE_PATH,
  isProcessAlive,
  newChallenge,
  provesInstance,
  readInstance,
  realDatabasePath,
  type ExpectedInstance,
  type ServiceInstance,
} from './instance-file.js';

/** `same`: it proved itself; `other`: something else answers; `gone`: nothing listens; `busy`: no answer in time. */
export type Verdict = 'same' | 'other' | 'gone' | 'busy';

/** A service slower than this to answer is busy, not gone: it keeps its file and is joined, never replaced. */
const CHECK_TIMEOUT_MS = 1_000;
/** Before each connection of a joined dashboard: as long as the client gives a connection. */
const HANDSHAKE_TIMEOUT_MS = 5_000;
/** Our own answer is a few hundred bytes: anything much longer is not it. */
const MAX_ANSWER_BYTES = 16 * 1024;

interface RawResponse {
  status: number;
  body: unknown;
}

/** A whole HTTP/1.1 response with a Content-Length body; 'incomplete' until it is; null when it is not one. */
function parseResponse(bytes: Buffer): RawResponse | null | 'incomplete' {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return 'incomplete';
  const [statusLine, ...headerLines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine ?? '');
  const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const length = Number(headers.get('content-length'));
  // A connection the service means to close is of no use to the request that follows.
  if (!status || !Number.isSafeInteger(length) || headers.has('transfer-encoding') || headers.get('connection')?.toLowerCase() === 'close') return null;
  const body = bytes.subarray(end + 4);
  if (body.length < length) return 'incomplete';
  if (body.length > length) return null;
  try {
    return { status: Number(status[1]), body: JSON.parse(body.toString('utf8')) };
  } catch {
    return null;
  }
}

/** Asks the challenge on `socket` (connected or connecting) and reads the answer; leaves the socket as it found it. */
export function challengeOnSocket(socket: Socket, hostHeader: string, expected: ExpectedInstance, timeoutMs: number): Promise<Verdict> {
  return new Promise((resolve) => {
    const challenge = newChallenge();
    let received = Buffer.alloc(0);
    let isDone = false;
    const finish = (verdict: Verdict) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      socket.off('connect', ask).off('data', onData).off('error', onError).off('close', onClose);
      resolve(verdict);
    };
    const timer = setTimeout(() => finish('busy'), timeoutMs);
    const ask = () =>
      socket.write(`GET ${INSTANCE_PATH}?challenge=${challenge} HTTP/1.1\r\nHost: ${hostHeader}\r\nAccept: application/json\r\nConnection: keep-alive\r\n\r\n`);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const parsed = parseResponse(received);
      if (parsed === 'incomplete') {
        if (received.length > MAX_ANSWER_BYTES) finish('other');
        return;
      }
      finish(parsed !== null && parsed.status === 200 && provesInstance(parsed.body, expected, challenge) ? 'same' : 'other');
    };
    const onError = (error: NodeJS.ErrnoException) => finish(error.code === 'ECONNREFUSED' ? 'gone' : 'other');
    const onClose = () => finish('other');
    socket.on('data', onData).on('error', onError).on('close', onClose);
    if (socket.connecting) socket.once('connect', ask);
    else ask();
  });
}

/** Connects to `origin` and asks; the connection is closed after. */
export async function askInstance(origin: string, expected: ExpectedInstance, timeoutMs = CHECK_TIMEOUT_MS): Promise<Verdict> {
  const url = new URL(origin);
  const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) });
  try {
    return await challengeOnSocket(socket, url.host, expected, timeoutMs);
  } finally {
    socket.destroy();
  }
}

/**
 * The service that serves `database` now, or null when none does: no file (or a malformed one, or one for
 * another file), its process gone, nothing listening at its address, or something there that cannot prove
 * itself. A service that does not answer in time is busy, and counts as serving: a slow owner is never
 * judged dead (a second service on the same file would follow).
 */
export async function findLiveInstance(database: string): Promise<ServiceInstance | null> {
  return (await examineInstance(database)).live;
}

/**
 * As findLiveInstance, and also the instance a file names that failed the proof (a live pid, but what answers
 * at its address is not that service): one that writes the file itself (player-file.ts) knows that file for
 * what it is, and is held up only by a service that publishes another meanwhile.
 */
export async function examineInstance(database: string): Promise<{ live: ServiceInstance | null; disproven: string | null }> {
  const found = readInstance(database);
  if (found === null || found.database !== realDatabasePath(database) || !isProcessAlive(found.pid)) return { live: null, disproven: null };
  const verdict = await askInstance(found.origin, found);
  return verdict === 'same' || verdict === 'busy' ? { live: found, disproven: null } : { live: null, disproven: found.instance };
}

/** A connection refused as a service that went away is: the client retries, then takes the service over. */
function impostorError(verdict: Verdict, where: string): Error {
  const why = verdict === 'busy' ? 'did not prove itself in time' : 'is not the service this dashboard joined';
  return Object.assign(new Error(`${where} ${why}`), { code: verdict === 'busy' ? 'ETIMEDOUT' : 'ECONNREFUSED' });
}

/**
 * An HTTP agent whose every new connection first proves it reaches the expected instance (the same socket
 * then carries the requests). `expected` is read per connection; null skips the check (the process serves
 * the address itself, after taking the service over).
 */
export class InstanceCheckingAgent extends Agent {
  constructor(
    private readonly expected: () => ExpectedInstance | null,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: ClientRequestArgs, callback?: (error: Error | null, stream: Duplex) => void): Duplex | undefined {
    const host = options.host ?? '127.0.0.1';
    const socket = connect({ host, port: Number(options.port) });
    const expected = this.expected();
    if (expected === null) return socket;
    // Until a request takes the socket (a tick later), an error must not go unheard; the request hears its own.
    socket.on('error', () => {});
    const where = `${host.includes(':') ? `[${host}]` : host}:${options.port}`;
    void challengeOnSocket(socket, where, expected, HANDSHAKE_TIMEOUT_MS).then((verdict) => {
      if (verdict === 'same') return callback!(null, socket);
      socket.destroy();
      callback!(impostorError(verdict, where), socket);
    });
    return undefined;
  }
}
