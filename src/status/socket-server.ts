/**
 * The running dashboard's side of the status socket: answers `status` from the state the dashboard already
 * has and runs commands through its bridge, so that a status bar refreshing every second costs the service
 * no request. Owner-only: the socket lives in a folder of mode 0700 and is itself 0600.
 */
import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';
import { parseSleep, SLEEP_SPELLING } from '../ui/state/sleep-timer.js';
import { parsePlayerCommand, CommandUsageError } from './player-command.js';
import type { PlayerBridge } from './player-bridge.js';
import { ensurePrivateFolder } from './private-folder.js';
import { askDashboard } from './socket-client.js';
import { decodeRequest, encode, MAX_REQUEST_BYTES, type StatusAnswer, type StatusRequest } from './socket-protocol.js';

export interface StatusServer {
  path: string;
  /** Stops answering and removes the socket file (unless another dashboard's has replaced it). */
  close(): Promise<void>;
}

/** A client that says nothing is dropped after this long, so none can hold a connection open for good. */
const IDLE_CLIENT_MS = 2_000;
/** Followers at once (`status --follow`: one per status bar); more are refused. */
const MAX_FOLLOWERS = 32;
/** A follower that reads nothing while this much waits for it is dropped, not buffered for without end. */
const MAX_UNREAD_BYTES = 1_000_000;

/** Bytes of the heap that hold compiled code (part of heapTotal and heapUsed). */
function compiledCodeBytes(): number {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name.startsWith('code_'))
    .reduce((sum, space) => sum + space.physical_space_size, 0);
}

async function answer(request: Exclude<StatusRequest, { op: 'follow' }>, bridge: PlayerBridge): Promise<StatusAnswer> {
  if (request.op === 'status') {
    const snapshot = bridge.snapshot();
    if (snapshot === null) return { ok: false, reason: 'the dashboard has not heard from the player yet' };
    return { ok: true, playback: snapshot.playback, receivedAt: snapshot.receivedAt };
  }
  if (request.op === 'memory') {
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    return { ok: true, memory: { rss, heapUsed, heapTotal, external, arrayBuffers, code: compiledCodeBytes() } };
  }
  if (request.op === 'add') {
    if (bridge.add === undefined) return { ok: false, reason: 'this dashboard does not add to playlists' };
    return bridge.add(request.to ?? null).catch((error: unknown) => ({ ok: false, reason: error instanceof Error ? error.message : String(error) }));
  }
  if (request.op === 'sleep') {
    const sleep = parseSleep(request.argument);
    if (sleep === null) return { ok: false, reason: `sleep needs ${SLEEP_SPELLING}, not "${request.argument}"` };
    if (bridge.sleep === undefined) return { ok: false, reason: 'this dashboard has no sleep timer' };
    const outcome = bridge.sleep(sleep);
    return outcome.ok ? { ok: true, sleep: outcome.timer } : outcome;
  }
  try {
    return await bridge.run(parsePlayerCommand(request.name, request.argument));
  } catch (error) {
    if (error instanceof CommandUsageError) return { ok: false, reason: error.message };
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A follower (`status --follow`): the playback now, then again after each change, until it hangs up or the
 * dashboard quits. Nothing is sent before the dashboard has heard from the player, nor twice the same.
 */
function follow(socket: Socket, bridge: PlayerBridge, followers: Set<Socket>): void {
  if (bridge.subscribe === undefined || followers.size >= MAX_FOLLOWERS) {
    socket.end(encode({ ok: false, reason: followers.size >= MAX_FOLLOWERS ? 'too many followers' : 'this dashboard cannot be followed' }));
    return;
  }
  socket.setTimeout(0);
  socket.unref(); // a follower never keeps a quitting dashboard alive
  followers.add(socket);
  let last = '';
  const send = (): void => {
    const snapshot = bridge.snapshot();
    if (snapshot === null || socket.destroyed) return;
    const line = encode({ ok: true, playback: snapshot.playback, receivedAt: snapshot.receivedAt });
    if (line === last) return;
    last = line;
    if (socket.writableLength > MAX_UNREAD_BYTES) socket.destroy();
    else socket.write(line);
  };
  const stop = bridge.subscribe(send);
  socket.on('close', () => {
    stop();
    followers.delete(socket);
  });
  send();
}

function serve(socket: Socket, bridge: PlayerBridge, followers: Set<Socket>): void {
  let received = '';
  let answered = false;
  socket.setEncoding('utf8');
  socket.setTimeout(IDLE_CLIENT_MS, () => socket.destroy());
  socket.on('error', () => undefined); // a client that went away: nothing to tell anyone
  const reply = (message: StatusAnswer): void => {
    answered = true;
    socket.end(encode(message));
  };
  socket.on('data', (chunk: string) => {
    if (answered) return;
    received += chunk;
    const end = received.indexOf('\n');
    if (end === -1) {
      if (received.length > MAX_REQUEST_BYTES) reply({ ok: false, reason: 'the request is too long' });
      return;
    }
    const request = decodeRequest(received.slice(0, end));
    if ('invalid' in request) {
      reply({ ok: false, reason: request.invalid });
      return;
    }
    answered = true;
    if (request.op === 'follow') return follow(socket, bridge, followers);
    void answer(request, bridge).then((message) => {
      if (!socket.destroyed) socket.end(encode(message));
    });
  });
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Serves `bridge` at `path`. Null when it cannot: the folder is not this user's alone, or another live
 * dashboard on the same service already answers there (it goes on answering; this one stays quiet). A
 * socket file left by a killed dashboard is removed first.
 */
export async function startStatusServer(path: string, bridge: PlayerBridge): Promise<StatusServer | null> {
  if (!ensurePrivateFolder(dirname(path))) return null;
  const existing = await askDashboard(path, { v: 1, op: 'status' });
  if (existing.kind === 'answer' || existing.why === 'foreign') return null;
  if (existing.why === 'timeout' || existing.why === 'garbled') {
    // Something listens there but does not speak the protocol: a stopped or hung dashboard. Take the name
    // over; the old process keeps its own descriptor should it wake up.
    try {
      unlinkSync(path);
    } catch {
      // Gone meanwhile.
    }
  }
  const followers = new Set<Socket>();
  const server = createServer((socket) => serve(socket, bridge, followers));
  try {
    await listen(server, path);
  } catch {
    return null; // another dashboard won the race for the name
  }
  chmodSync(path, 0o600);
  const inode = lstatSync(path).ino;
  server.unref(); // the dashboard quits when its user quits, not when the last status bar hangs up
  let closing: Promise<void> | undefined;
  return {
    path,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Followers hear the dashboard go (their connection ends) and wait for the next one.
        for (const follower of followers) follower.destroy();
        try {
          if (lstatSync(path).ino === inode) unlinkSync(path);
        } catch {
          // Already gone.
        }
      })),
  };
}
