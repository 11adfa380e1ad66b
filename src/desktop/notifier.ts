/**
 * Desktop notifications of a new item over the session bus (org.freedesktop.Notifications.Notify): one at a
 * time, each replacing the one before (replaces_id) rather than stacking, none for the item playing at start.
 */
import { pathToFileURL } from 'node:url';
import { isNoticeDue, itemKeyOf, NOTICE_SETTLE_MS, noticeOf } from './notification.js';
import type { Snapshot } from './mpris-properties.js';
import type { BusTools, Message } from './session-bus.js';

export interface NotifierSource {
  snapshot(): Snapshot | null;
  /** The cover of what plays on disk, when it is there. */
  coverPath(snapshot: Snapshot | null): string | null;
  /** `[desktop] notify`, as the config says now. */
  isOn(): boolean;
  log(line: string): void;
}

export interface Notifier {
  /** The playback changed: a notice follows if another item plays (and stays a moment). */
  observe(): void;
  close(): void;
}

const NOTIFICATIONS = 'org.freedesktop.Notifications';
const PATH = '/org/freedesktop/Notifications';

export function createNotifier({ Message, variant }: BusTools, source: NotifierSource, call: (message: Message) => Promise<Message | null>): Notifier {
  /** The item seen last; undefined until the first snapshot, whose item is not announced. */
  let lastKey: string | null | undefined;
  let shownId = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastProblem: string | null = null;
  /** Whether the server reads markup: asked once (GetCapabilities), before the first notice. */
  let readsMarkup: Promise<boolean> | null = null;

  const askReadsMarkup = async (): Promise<boolean> => {
    try {
      const reply = await call(new Message({ destination: NOTIFICATIONS, path: PATH, interface: NOTIFICATIONS, member: 'GetCapabilities' }));
      const capabilities = reply?.body[0];
      return !Array.isArray(capabilities) || capabilities.includes('body-markup');
    } catch {
      // A server that cannot say (yet): escaped, since what a server that reads markup makes of a title is
      // worse than an entity shown; asked again at the next notice.
      readsMarkup = null;
      return true;
    }
  };

  const send = async (): Promise<void> => {
    const markup = await (readsMarkup ??= askReadsMarkup());
    const snapshot = source.snapshot();
    const cover = source.coverPath(snapshot);
    const notice = noticeOf(snapshot?.playback ?? null, cover, markup);
    if (notice === null || !source.isOn()) return;
    const hints: Record<string, unknown> = {
      // Replaced at each item: nothing worth keeping in the notification history.
      transient: variant('b', true),
      urgency: variant('y', 0),
      ...(notice.imagePath === null ? {} : { 'image-path': variant('s', pathToFileURL(notice.imagePath).href) }),
    };
    const message = new Message({
      destination: NOTIFICATIONS,
      path: PATH,
      interface: NOTIFICATIONS,
      member: 'Notify',
      signature: 'susssasa{sv}i',
      body: ['playdeck', shownId, '', notice.summary, notice.body, [], hints, -1],
    });
    try {
      const reply = await call(message);
      const id = reply?.body[0];
      if (typeof id === 'number') shownId = id;
      lastProblem = null;
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      if (problem !== lastProblem) source.log(`desktop: no notification shown: ${problem}`);
      lastProblem = problem;
    }
  };

  return {
    observe() {
      const snapshot = source.snapshot();
      if (snapshot === null) return; // not heard from the player yet: its first item is the start's
      const key = itemKeyOf(snapshot.playback);
      if (lastKey === key) return;
      const isDue = isNoticeDue(lastKey, key);
      lastKey = key;
      clearTimeout(timer);
      timer = undefined;
      if (!isDue || !source.isOn()) return;
      // After a moment: a run of skips gives one notice, and the cover has had time to reach the disk.
      timer = setTimeout(() => void send(), NOTICE_SETTLE_MS);
      timer.unref();
    },
    close() {
      clearTimeout(timer);
    },
  };
}
