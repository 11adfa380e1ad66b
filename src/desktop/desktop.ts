/**
 * The dashboard on the desktop: MPRIS (media keys, playerctl, the players widgets of desktops and bars) and,
 * when asked, a notification of each new item, both over the session bus and both fed by the dashboard's
 * bridge (the playback it shows, its commands): no request of their own.
 */
import type { Settings } from '../config/settings.js';
import type { PlayerBridge } from '../status/player-bridge.js';
import { imagesOf } from '../ui/art/pick-image.js';
import { cachedCoverOf, coverUrlOf } from './art.js';
import { itemKeyOf } from './notification.js';
import { createNotifier } from './notifier.js';
import { exportMpris, MPRIS_NAME, type MprisObject } from './mpris-object.js';
import type { Snapshot } from './mpris-properties.js';
import type { Message } from './session-bus.js';

/** A config file's [desktop]. */
export type DesktopSettings = Settings['desktop'];

export interface DesktopOptions {
  /** The session bus's address (one of DBUS_SESSION_BUS_ADDRESS's). */
  address: string;
  bridge: PlayerBridge & Required<Pick<PlayerBridge, 'subscribe'>>;
  /** The config's [desktop], as it is now (it is read again on apply()). */
  settings(): DesktopSettings;
  /** The picture cache, where the covers Now playing drew are. */
  cacheDir: string | null;
  log(line: string): void;
}

export interface Desktop {
  /** The config changed: MPRIS taken up or given up as it now says. */
  apply(): void;
  close(): void;
}

/** After an item changes, when to look again for its cover on disk (Now playing fetches it meanwhile). */
const COVER_LOOKS_MS = [1_000, 3_000, 10_000];

export async function startDesktop({ address, bridge, settings, cacheDir, log }: DesktopOptions): Promise<Desktop | null> {
  // The D-Bus library, loaded now: a chunk of its own that nothing else of the program reaches.
  const { BUS_TOOLS: tools, connectSessionBus, errorsOf, ownName } = await import('./session-bus.js');
  const connection = await connectSessionBus(address);
  if ('problem' in connection) {
    log(`desktop: the session bus (${address}) cannot be reached: ${connection.problem}; no media keys or notifications`);
    return null;
  }
  const { bus } = connection;
  let isGone = false;
  let mpris: MprisObject | null = null;
  let claiming: Promise<void> | null = null;
  let ownedName: string | null = null;
  let coverLooks: ReturnType<typeof setTimeout>[] = [];
  let coverItem: string | null = null;

  const stop = (): void => {
    unsubscribe();
    for (const look of coverLooks) clearTimeout(look);
    notifier.close();
    mpris?.close();
    mpris = null;
  };
  const gone = (why: string): void => {
    if (isGone) return;
    isGone = true;
    log(`desktop: the session bus went away (${why}); no media keys or notifications from now on`);
    stop();
    // A name must never stay owned without its object (its callers would wait for answers): the connection goes.
    try {
      bus.disconnect();
    } catch {
      // Gone already.
    }
  };
  errorsOf(bus).on('error', (error: unknown) => gone(error instanceof Error ? error.message : String(error)));
  /** Sends `message`; throws when it cannot go out for what it holds (its sender answers or leaves it out). */
  const send = (message: Message): void => {
    if (isGone) return;
    try {
      bus.send(message);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (/stream is closed/i.test(why)) return gone(why);
      log(`desktop: a message could not be sent on the session bus: ${why}`);
      throw error;
    }
  };
  const call = (message: Message): Promise<Message | null> => (isGone ? Promise.reject(new Error('no session bus')) : bus.call(message));

  const snapshot = (): Snapshot | null => bridge.snapshot();
  const notifier = createNotifier(
    tools,
    { snapshot, coverPath: (shown) => cachedCoverOf(shown?.playback?.item, cacheDir), isOn: () => settings().notify, log },
    call,
  );
  const source = {
    snapshot,
    run: bridge.run.bind(bridge),
    artUrl: (shown: Snapshot | null) => coverUrlOf(shown?.playback?.item, cacheDir),
    now: Date.now,
  };

  /** A new item whose cover is not on disk yet: looked for again a few times while Now playing fetches it. */
  const lookForCover = (): void => {
    const item = snapshot()?.playback?.item;
    const key = itemKeyOf(snapshot()?.playback);
    if (key === coverItem) return;
    coverItem = key;
    for (const look of coverLooks) clearTimeout(look);
    coverLooks = [];
    if (!item || imagesOf(item).length === 0 || cachedCoverOf(item, cacheDir) !== null) return;
    coverLooks = COVER_LOOKS_MS.map((ms) => {
      const look = setTimeout(() => mpris?.refresh(), ms);
      look.unref();
      return look;
    });
  };

  const onChange = (): void => {
    mpris?.refresh();
    notifier.observe();
    lookForCover();
  };
  const unsubscribe = bridge.subscribe(onChange);

  const claim = (): Promise<void> =>
    (claiming ??= (async () => {
      // The object first: whoever sees the name finds it answering, and a name is never owned without it.
      const object = exportMpris(bus, tools, source, send);
      mpris = object;
      const name = await ownName(bus, MPRIS_NAME).catch(() => null);
      if (isGone) return;
      if (name === null) {
        object.close();
        if (mpris === object) mpris = null;
        log(`desktop: ${MPRIS_NAME} cannot be owned on the session bus; no media keys`);
        return;
      }
      ownedName = name;
      // Given up meanwhile (a config saved with mpris = false): the name goes too.
      if (!settings().mpris) release();
    })().finally(() => {
      claiming = null;
    }));
  const release = (): void => {
    if (mpris === null || ownedName === null) return;
    mpris.close();
    mpris = null;
    const name = ownedName;
    ownedName = null;
    if (!isGone) void bus.releaseName(name).catch(() => undefined);
  };

  if (settings().mpris) await claim();
  onChange();
  return {
    apply() {
      if (isGone) return;
      if (settings().mpris && mpris === null) void claim();
      else if (!settings().mpris) release();
    },
    close() {
      stop();
      if (!isGone) bus.disconnect(); // the bus gives up the names of a connection that ends
    },
  };
}
