/**
 * Asks a running dashboard over its status socket, never for long: a killed dashboard's socket file is
 * found out (the connection is refused) and removed, a stopped or busy one is given up on after `timeoutMs`,
 * and a socket that is not this user's is never connected to.
 */
import { lstatSync, unlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
import { currentUid } from './private-folder.js';
import { decodeAnswer, encode, MAX_ANSWER_BYTES, PROTOCOL_VERSION, type StatusAnswer, type StatusRequest } from './socket-protocol.js';

/** Well under a second: a status bar that refreshes every second must not pile up waiting processes. */
export const DEFAULT_TIMEOUT_MS = 500;

export type DashboardReply =
  | { kind: 'answer'; answer: StatusAnswer }
  /**
   * No answer. `sent` tells whether the request may have reached a dashboard (connected and written): a
   * command must then not be sent again another way, or `next` could skip twice.
   */
  | { kind: 'none'; why: 'absent' | 'stale' | 'foreign' | 'timeout' | 'garbled'; sent: boolean };

/** The socket's inode if it is this user's socket; else 'absent' or 'foreign'. */
function checkOwner(path: string): number | 'absent' | 'foreign' {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return 'absent';
  }
  const uid = currentUid();
  return stat.isSocket() && (uid === undefined || stat.uid === uid) ? stat.ino : 'foreign';
}

/** Removes the file a killed dashboard left, unless a new dashboard has put its own there meanwhile. */
function removeStale(path: string, inode: number): void {
  try {
    if (lstatSync(path).ino === inode) unlinkSync(path);
  } catch {
    // Already removed by another caller.
  }
}

export function askDashboard(path: string, request: StatusRequest, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<DashboardReply> {
  const inode = checkOwner(path);
  if (typeof inode !== 'number') return Promise.resolve({ kind: 'none', why: inode, sent: false });
  return new Promise((resolve) => {
    let sent = false;
    let received = '';
    const socket = createConnection(path);
    const finish = (reply: DashboardReply): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reply);
    };
    const timer = setTimeout(() => finish({ kind: 'none', why: 'timeout', sent }), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      socket.write(encode(request));
      sent = true;
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end !== -1) {
        const answer = decodeAnswer(received.slice(0, end));
        finish(answer ? { kind: 'answer', answer } : { kind: 'none', why: 'garbled', sent });
      } else if (received.length > MAX_ANSWER_BYTES) {
        finish({ kind: 'none', why: 'garbled', sent });
      }
    });
    socket.on('end', () => finish({ kind: 'none', why: 'garbled', sent }));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // Refused: no process listens, the file is what a killed dashboard left. ENOENT: removed meanwhile.
      if (error.code === 'ECONNREFUSED') {
        removeStale(path, inode);
        finish({ kind: 'none', why: 'stale', sent: false });
      } else {
        finish({ kind: 'none', why: error.code === 'ENOENT' ? 'absent' : 'garbled', sent });
      }
    });
  });
}

/** A connection that follows a dashboard (`status --follow`), until `close()` or the dashboard goes. */
export interface Following {
  close(): void;
}

export interface FollowHandlers {
  /** Each answer of the dashboard: the playback now, then after each change. */
  onAnswer(answer: StatusAnswer): void;
  /** The connection ended (the dashboard quit, refused, or was never there); nothing is called after this. */
  onEnd(why: Extract<DashboardReply, { kind: 'none' }>['why'] | 'ended'): void;
}

/**
 * Follows the dashboard at `path`, or says at once (`onEnd`) why it cannot: no socket, another user's, the
 * file a killed dashboard left (removed). An answer line too long ends the connection as garbled.
 */
export function followDashboard(path: string, handlers: FollowHandlers): Following {
  const inode = checkOwner(path);
  if (typeof inode !== 'number') {
    queueMicrotask(() => handlers.onEnd(inode));
    return { close: () => undefined };
  }
  let isOver = false;
  let received = '';
  const socket = createConnection(path);
  const end = (why: Parameters<FollowHandlers['onEnd']>[0]): void => {
    if (isOver) return;
    isOver = true;
    socket.destroy();
    handlers.onEnd(why);
  };
  socket.setEncoding('utf8');
  socket.on('connect', () => socket.write(encode({ v: PROTOCOL_VERSION, op: 'follow' })));
  socket.on('data', (chunk: string) => {
    received += chunk;
    for (let newline = received.indexOf('\n'); newline !== -1 && !isOver; newline = received.indexOf('\n')) {
      const answer = decodeAnswer(received.slice(0, newline));
      received = received.slice(newline + 1);
      if (answer === null) return end('garbled');
      handlers.onAnswer(answer);
    }
    if (received.length > MAX_ANSWER_BYTES) end('garbled');
  });
  socket.on('close', () => end('ended'));
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNREFUSED') {
      removeStale(path, inode);
      end('stale');
    } else end(error.code === 'ENOENT' ? 'absent' : 'garbled');
  });
  return {
    close: () => {
      isOver = true;
      socket.destroy();
    },
  };
}
