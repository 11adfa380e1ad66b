/**
 * A private D-Bus session for the desktop tests: its own dbus-daemon, playerctl pointed at it, and a fake
 * notification daemon that records what it is asked to show. The tests that need them skip, saying so in
 * one line, where the machine has no dbus-daemon or playerctl (.ci/run installs both from Debian's packages).
 */
import { execFile, spawn } from 'node:child_process';
import { Message, MessageType, NameFlag, sessionBus, type MessageBus } from '@jellybrick/dbus-next';
import { missingTools, sayWhySkipped } from './system-tools.js';

/** Why the desktop tests cannot run here, or null when they can. */
export function missingBusTools(): string | null {
  return missingTools(['dbus-daemon', 'playerctl'], 'dbus-daemon playerctl');
}

export { sayWhySkipped };

export interface PrivateBus {
  address: string;
  stop(): void;
}

/** A session bus of its own (dbus-daemon --session, no other client on it), stopped by `stop()`. */
export function startPrivateBus(): Promise<PrivateBus> {
  return new Promise((resolve, reject) => {
    const daemon = spawn('dbus-daemon', ['--session', '--nofork', '--nopidfile', '--print-address=1'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    daemon.once('error', reject);
    daemon.stdout.setEncoding('utf8');
    daemon.stdout.on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve({ address: line.trim(), stop: () => daemon.kill('SIGTERM') });
    });
    daemon.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code} before giving its address`)));
  });
}

/** `playerctl ARGS` on the private bus. */
export function playerctl(address: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('playerctl', args, { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

export interface NotifyCall {
  appName: string;
  replacesId: number;
  summary: string;
  body: string;
  hints: Record<string, unknown>;
}

export interface FakeNotifications {
  calls: NotifyCall[];
  close(): void;
}

/** Owns org.freedesktop.Notifications on the bus and records each Notify, answering ids 1, 2, 3… */
export async function startFakeNotifications(address: string): Promise<FakeNotifications> {
  const bus: MessageBus = sessionBus({ busAddress: address });
  await new Promise<void>((resolve) => bus.once('connect', resolve));
  const calls: NotifyCall[] = [];
  bus.addMethodHandler((call: Message) => {
    if (call.type !== MessageType.METHOD_CALL || call.interface !== 'org.freedesktop.Notifications') return false;
    if (call.member === 'Notify') {
      const [appName, replacesId, , summary, body, , hints] = call.body as [string, number, string, string, string, string[], Record<string, { value: unknown }>];
      calls.push({ appName, replacesId, summary, body, hints: Object.fromEntries(Object.entries(hints).map(([key, value]) => [key, value.value])) });
      bus.send(Message.newMethodReturn(call, 'u', [calls.length]));
    } else if (call.member === 'GetCapabilities') {
      bus.send(Message.newMethodReturn(call, 'as', [['body', 'body-markup']]));
    } else return false;
    return true;
  });
  await bus.requestName('org.freedesktop.Notifications', NameFlag.DO_NOT_QUEUE);
  return { calls, close: () => bus.disconnect() };
}

/** Counts the signals of the player's object on the bus (PropertiesChanged, Seeked), as a client watching it. */
export async function watchSignals(address: string): Promise<{ signals: { member: string; body: unknown[] }[]; close(): void }> {
  const bus: MessageBus = sessionBus({ busAddress: address });
  await new Promise<void>((resolve) => bus.once('connect', resolve));
  const signals: { member: string; body: unknown[] }[] = [];
  bus.on('message', (message: Message) => {
    if (message.type === MessageType.SIGNAL && message.path === '/org/mpris/MediaPlayer2') signals.push({ member: message.member, body: message.body });
  });
  await bus.call(
    new Message({
      destination: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus', interface: 'org.freedesktop.DBus', member: 'AddMatch',
      signature: 's', body: ["type='signal',path='/org/mpris/MediaPlayer2'"],
    }),
  );
  return { signals, close: () => bus.disconnect() };
}
