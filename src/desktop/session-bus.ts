/**
 * The connection to the session bus, with @jellybrick/dbus-next (pure JavaScript; its low-level messages only:
 * no decorators, no proxies, no introspection of others). The one file that imports the library, loaded
 * only once a dashboard runs and shows what plays (desktop/start.ts).
 */
import type { EventEmitter } from 'node:events';
import { Message, MessageType, NameFlag, RequestNameReply, sessionBus, Variant, type MessageBus } from '@jellybrick/dbus-next';

export type { Message, MessageBus, Variant };

/** What the rest of src/desktop builds messages with, handed over once this file is loaded. */
export interface BusTools {
  Message: typeof Message;
  MessageType: typeof MessageType;
  variant(signature: string, value: unknown): Variant;
}

/** A bus that does not say hello within this long is as good as none. */
const CONNECT_TIMEOUT_MS = 5_000;


/**
 * The bus's 'error' event, which the library emits (a lost connection, a bad message) but does not declare.
 * Listened to for as long as the bus lives: an 'error' nobody listens to would end the dashboard.
 */
export function errorsOf(bus: MessageBus): EventEmitter {
  return bus as unknown as EventEmitter;
}

/** Connected, or why not in a few words. */
export function connectSessionBus(address: string): Promise<{ bus: MessageBus } | { problem: string }> {
  return new Promise((resolve) => {
    let bus: MessageBus;
    try {
      bus = sessionBus({ busAddress: address });
    } catch (error) {
      resolve({ problem: error instanceof Error ? error.message : String(error) });
      return;
    }
    const timer = setTimeout(() => fail(new Error('no answer')), CONNECT_TIMEOUT_MS);
    timer.unref();
    function fail(error: unknown): void {
      clearTimeout(timer);
      bus.off('connect', connected);
      try {
        bus.disconnect();
      } catch {
        // Never connected.
      }
      resolve({ problem: error instanceof Error ? error.message : String(error) });
    }
    function connected(): void {
      clearTimeout(timer);
      errorsOf(bus).off('error', fail);
      resolve({ bus });
    }
    // Kept for the bus's life: an 'error' nobody listens to would throw and end the dashboard.
    errorsOf(bus).on('error', () => undefined);
    errorsOf(bus).once('error', fail);
    bus.once('connect', connected);
  });
}

/**
 * Takes `name`, or, when another process has it (a second dashboard), `name.instance<pid>` as MPRIS asks;
 * null when neither could be had.
 */
export async function ownName(bus: MessageBus, name: string): Promise<string | null> {
  for (const candidate of [name, `${name}.instance${process.pid}`]) {
    const reply = await bus.requestName(candidate, NameFlag.DO_NOT_QUEUE);
    if (reply === RequestNameReply.PRIMARY_OWNER || reply === RequestNameReply.ALREADY_OWNER) return candidate;
  }
  return null;
}

/** A value with its D-Bus type, as the library sends a variant. */
function variant(signature: string, value: unknown): Variant {
  return new Variant(signature, value);
}

export const BUS_TOOLS: BusTools = { Message, MessageType, variant };
