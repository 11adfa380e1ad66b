/**
 * The object at /org/mpris/MediaPlayer2: the MediaPlayer2 and MediaPlayer2.Player interfaces of MPRIS 2.2,
 * their properties (Get, GetAll, Set, PropertiesChanged when a value changes, Seeked on a jump) and methods,
 * answered from the dashboard's playback and run through its commands. No request of its own.
 */
import type { CommandOutcome } from '../status/player-bridge.js';
import type { PlayerCommand } from '../status/player-command.js';
import { playerCall, propertyWrite, type CallOutcome } from './mpris-calls.js';
import {
  changedProperties, PLAYER_SIGNATURES, playerProperties, positionUs, seekedTo,
  type Metadata, type PlayerProperties, type PlayerProperty, type Snapshot,
} from './mpris-properties.js';
import type { BusTools, Message, MessageBus, Variant } from './session-bus.js';

export const MPRIS_NAME = 'org.mpris.MediaPlayer2.playdeck';
export const MPRIS_PATH = '/org/mpris/MediaPlayer2';
const ROOT = 'org.mpris.MediaPlayer2';
const PLAYER = 'org.mpris.MediaPlayer2.Player';
const PROPERTIES = 'org.freedesktop.DBus.Properties';
const INTROSPECTABLE = 'org.freedesktop.DBus.Introspectable';
const INVALID_ARGS = 'org.freedesktop.DBus.Error.InvalidArgs';
const FAILED = 'org.freedesktop.DBus.Error.Failed';

/** MediaPlayer2's properties: a player in a terminal, which neither quits nor raises on request. */
const ROOT_PROPERTIES: Record<string, [signature: string, value: unknown]> = {
  CanQuit: ['b', false], CanRaise: ['b', false], HasTrackList: ['b', false], Identity: ['s', 'playdeck'],
  SupportedUriSchemes: ['as', []], SupportedMimeTypes: ['as', []],
};

const READ = (name: string, type: string) => `<property name="${name}" type="${type}" access="read"/>`;
const INTROSPECTION = `<!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
<node>
<interface name="${INTROSPECTABLE}"><method name="Introspect"><arg name="xml" type="s" direction="out"/></method></interface>
<interface name="${PROPERTIES}">
<method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
<method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
<method name="Set"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="in"/></method>
<signal name="PropertiesChanged"><arg type="s"/><arg type="a{sv}"/><arg type="as"/></signal>
</interface>
<interface name="${ROOT}"><method name="Raise"/><method name="Quit"/>
${Object.entries(ROOT_PROPERTIES).map(([name, [type]]) => READ(name, type)).join('\n')}
</interface>
<interface name="${PLAYER}">
<method name="Next"/><method name="Previous"/><method name="Pause"/><method name="PlayPause"/><method name="Stop"/><method name="Play"/>
<method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
<method name="SetPosition"><arg name="TrackId" type="o" direction="in"/><arg name="Position" type="x" direction="in"/></method>
<method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
<signal name="Seeked"><arg name="Position" type="x"/></signal>
${(Object.keys(PLAYER_SIGNATURES) as PlayerProperty[])
  .map((name) => `<property name="${name}" type="${PLAYER_SIGNATURES[name]}" access="${['LoopStatus', 'Rate', 'Shuffle', 'Volume'].includes(name) ? 'readwrite' : 'read'}"/>`)
  .join('\n')}
</interface>
</node>`;

/** Where the object is found from the root: each level introspects to the next. */
const PARENTS: Record<string, string> = { '/': 'org', '/org': 'mpris', '/org/mpris': 'MediaPlayer2' };

export interface MprisSource {
  snapshot(): Snapshot | null;
  /** Through the dashboard, as its keys run it. */
  run(command: PlayerCommand): Promise<CommandOutcome>;
  /** The cover of what plays as a file:// URL, when it is on disk. */
  artUrl(snapshot: Snapshot | null): string | null;
  now(): number;
}

export interface MprisObject {
  /** The playback changed: what changed is signalled. */
  refresh(): void;
  close(): void;
}

/** The variant of one property as it stands. */
function playerValue({ variant }: BusTools, properties: PlayerProperties, name: PlayerProperty, snapshot: Snapshot | null, now: number): Variant {
  if (name === 'Position') return variant('x', positionUs(snapshot, now));
  if (name === 'Metadata') {
    const entries = Object.entries(properties.Metadata).map(([key, { signature, value }]) => [key, variant(signature, value)]);
    return variant('a{sv}', Object.fromEntries(entries));
  }
  return variant(PLAYER_SIGNATURES[name], properties[name]);
}

const isPlayerProperty = (name: unknown): name is PlayerProperty => typeof name === 'string' && Object.hasOwn(PLAYER_SIGNATURES, name);

/**
 * Answers for `source` on `bus` at MPRIS_PATH. `send` throws for a message that cannot go out (a value the bus
 * cannot carry): its caller then gets an error rather than no answer (a caller with none waits 25 s, and
 * playerctl hangs), and a signal is left out; nothing of it throws into the bus's own handling.
 */
export function exportMpris(bus: MessageBus, tools: BusTools, source: MprisSource, send: (message: Message) => void): MprisObject {
  const { Message, MessageType, variant } = tools;
  let snapshot = source.snapshot();
  let properties = playerProperties(snapshot, source.artUrl(snapshot));

  const refuse = (call: Message, name: string, text: string): void => {
    try {
      send(Message.newError(call, name, text));
    } catch {
      // Not even an error goes out: the bus is going away.
    }
  };
  const reply = (call: Message, signature = '', body: unknown[] = []): void => {
    try {
      send(Message.newMethodReturn(call, signature, body));
    } catch (error) {
      refuse(call, FAILED, `the answer could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const signal = (message: Message): void => {
    try {
      send(message);
    } catch {
      // Left out; the values are read again at the next Get.
    }
  };
  const settle = (call: Message, outcome: CallOutcome): void => {
    if ('error' in outcome) return refuse(call, outcome.error, outcome.message);
    if ('done' in outcome) return reply(call);
    // A refusal leaves the player as it is, as MPRIS asks of a method that cannot act now: answered alike.
    void source.run(outcome.run).then(() => reply(call), () => reply(call));
  };

  const onProperties = (call: Message): void => {
    const [iface, name] = call.body as [unknown, unknown];
    const now = source.now();
    if (call.member === 'GetAll') {
      if (iface === ROOT) return reply(call, 'a{sv}', [Object.fromEntries(Object.entries(ROOT_PROPERTIES).map(([key, [type, value]]) => [key, variant(type, value)]))]);
      if (iface !== PLAYER) return refuse(call, INVALID_ARGS, `no interface ${String(iface)} here`);
      const all = (Object.keys(PLAYER_SIGNATURES) as PlayerProperty[]).map((key) => [key, playerValue(tools, properties, key, snapshot, now)]);
      return reply(call, 'a{sv}', [Object.fromEntries(all)]);
    }
    if (call.member === 'Get') {
      if (iface === ROOT && typeof name === 'string' && Object.hasOwn(ROOT_PROPERTIES, name)) {
        const [type, value] = ROOT_PROPERTIES[name]!;
        return reply(call, 'v', [variant(type, value)]);
      }
      if (iface === PLAYER && isPlayerProperty(name)) return reply(call, 'v', [playerValue(tools, properties, name, snapshot, now)]);
      return refuse(call, INVALID_ARGS, `no property ${String(name)} on ${String(iface)}`);
    }
    if (call.member === 'Set') {
      const value = (call.body[2] as Variant | undefined)?.value;
      if (iface !== PLAYER || typeof name !== 'string') return refuse(call, 'org.freedesktop.DBus.Error.PropertyReadOnly', `${String(name)} cannot be set`);
      return settle(call, propertyWrite(name, value));
    }
    refuse(call, 'org.freedesktop.DBus.Error.UnknownMethod', `no method ${call.member} on ${PROPERTIES}`);
  };

  const handler = (call: Message): boolean => {
    if (call.type !== MessageType.METHOD_CALL) return false;
    try {
      return answer(call);
    } catch (error) {
      refuse(call, FAILED, error instanceof Error ? error.message : String(error));
      return true;
    }
  };
  const answer = (call: Message): boolean => {
    if (call.path !== MPRIS_PATH) {
      const child = PARENTS[call.path];
      if (child === undefined || call.interface !== INTROSPECTABLE || call.member !== 'Introspect') return false;
      reply(call, 's', [`<node><node name="${child}"/></node>`]);
      return true;
    }
    if (call.interface === INTROSPECTABLE && call.member === 'Introspect') reply(call, 's', [INTROSPECTION]);
    else if (call.interface === PROPERTIES) onProperties(call);
    else if (call.interface === ROOT && (call.member === 'Raise' || call.member === 'Quit')) reply(call); // CanRaise, CanQuit: false
    else if (call.interface === PLAYER) settle(call, playerCall(call.member, call.body, snapshot, source.now()));
    else return false;
    return true;
  };
  bus.addMethodHandler(handler);

  return {
    refresh() {
      const next = source.snapshot();
      const nextProperties = playerProperties(next, source.artUrl(next));
      const changed = changedProperties(properties, nextProperties);
      const jump = seekedTo(snapshot, next);
      snapshot = next;
      properties = nextProperties;
      if (changed.length > 0) {
        const values = Object.fromEntries(changed.map((name) => [name, playerValue(tools, properties, name, snapshot, source.now())]));
        signal(Message.newSignal(MPRIS_PATH, PROPERTIES, 'PropertiesChanged', 'sa{sv}as', [PLAYER, values, []]));
      }
      // A new item says where it starts in its Metadata; a jump within one is a Seeked.
      if (jump !== null && !changed.includes('Metadata')) signal(Message.newSignal(MPRIS_PATH, PLAYER, 'Seeked', 'x', [jump]));
    },
    close() {
      bus.removeMethodHandler(handler);
    },
  };
}
