import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import { sanitizeText } from '../sanitize.js';
import type { Signals } from '../signals.js';
import { likeVerb, likeWords, type Likeable } from './likeable.js';

/**
 * What the dashboard knows of the user's library, by URI, for the ♥ of each row and `l`. Where a list is the
 * library (liked songs, saved albums…) its rows are liked unless `l` said otherwise here; rows elsewhere are
 * asked about with `libraryContains`, in one batch per visible window once it rests (`want`), each URI once.
 * A like shows at once and goes back on screen if the service refuses it, with the reason. A change the
 * service accepted is signalled (`libraryChanged` of its kind), so that the list of that kind reads itself
 * again. No React: the hooks in use-liked.ts subscribe.
 */

/** How long the window must rest before its unknown rows are asked about: a held key asks nothing. */
export const CONTAINS_SETTLE_MS = 300;
/** URIs per `libraryContains` call (the client splits further where the service takes fewer). */
const CONTAINS_BATCH = 50;

const reasonOf = (error: unknown): string => (isApiError(error) ? (error.details.reason ?? error.message) : String(error));

export class LikedStore {
  private readonly known = new Map<string, boolean>();
  private readonly asking = new Set<string>();
  private readonly wanted = new Map<object, readonly string[]>();
  private settle: ReturnType<typeof setTimeout> | null = null;
  /** The latest write of each URI: an answer to an older one changes nothing. */
  private readonly writes = new Map<string, number>();
  private writeCount = 0;
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private isClosed = false;

  constructor(
    private readonly api: Api,
    /** A line for the status bar. */
    private readonly say: (message: string) => void,
    /** Where a change of the library is told; null: nowhere. */
    private readonly signals: Signals | null = null,
  ) {}

  /** For useSyncExternalStore: a listener called on every change of what rows show. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Bumps whenever a row's mark may have changed. */
  readonly getVersion = (): number => this.version;

  /** Whether `uri` is in the library; undefined while unknown. */
  isLiked(uri: string): boolean | undefined {
    return this.known.get(uri);
  }

  /** The URIs of a list that is the library: liked, where nothing here says otherwise (no render: their marks show liked already). */
  learn(uris: Iterable<string>): void {
    for (const uri of uris) if (!this.known.has(uri)) this.known.set(uri, true);
  }

  /**
   * The URIs of the rows a window shows (`window` names it; an empty list when it goes): those not known are
   * asked about once every window has rested, those scrolled past meanwhile never.
   */
  want(window: object, uris: readonly string[]): void {
    const unknown = uris.filter((uri) => !this.known.has(uri) && !this.asking.has(uri));
    const before = this.wanted.get(window);
    if (unknown.length === 0) this.wanted.delete(window);
    else this.wanted.set(window, unknown);
    const isSame = before === undefined ? unknown.length === 0 : before.length === unknown.length && before.every((uri, index) => uri === unknown[index]);
    if (isSame) return;
    if (this.settle !== null) clearTimeout(this.settle);
    this.settle = this.wanted.size === 0 ? null : setTimeout(() => this.ask(), CONTAINS_SETTLE_MS);
  }

  /** Asks at once about those of `uris` not known (what plays: no window to wait for). */
  askNow(uris: readonly string[]): void {
    const unknown = [...new Set(uris)].filter((uri) => !this.known.has(uri) && !this.asking.has(uri));
    if (unknown.length > 0 && !this.isClosed) this.send(unknown);
  }

  /**
   * `l`: likes `item` when it shows unliked (`isLiked` as shown), unlikes it when it shows liked. Shown at once;
   * a refusal puts the mark back and says why.
   */
  toggle(item: Likeable, isLiked: boolean): void {
    const liking = !isLiked;
    const number = ++this.writeCount;
    this.writes.set(item.uri, number);
    this.set(item.uri, liking);
    const name = sanitizeText(item.name);
    const write = liking ? this.api.saveToLibrary([item.uri]) : this.api.removeFromLibrary([item.uri]);
    write.then(
      () => {
        this.signals?.emit('libraryChanged', { kind: item.kind, isPaced: true });
        this.say(`${likeWords(item.kind, liking)}: ${name}`);
      },
      (error: unknown) => {
        if (this.writes.get(item.uri) === number) this.set(item.uri, isLiked);
        this.say(`couldn't ${likeVerb(item.kind, liking)} ${name}: ${reasonOf(error)}`);
      },
    );
  }

  close(): void {
    this.isClosed = true;
    if (this.settle !== null) clearTimeout(this.settle);
    this.settle = null;
  }

  private ask(): void {
    this.settle = null;
    if (this.isClosed) return;
    const uris = [...new Set([...this.wanted.values()].flat())].filter((uri) => !this.known.has(uri) && !this.asking.has(uri));
    this.wanted.clear();
    this.send(uris);
  }

  private send(uris: readonly string[]): void {
    for (let start = 0; start < uris.length; start += CONTAINS_BATCH) {
      const batch = uris.slice(start, start + CONTAINS_BATCH);
      for (const uri of batch) this.asking.add(uri);
      const asked = this.writeCount;
      this.api.libraryContains(batch).then(
        (answers) => {
          let isChanged = false;
          batch.forEach((uri, index) => {
            this.asking.delete(uri);
            // A like written since the question was asked knows better than its answer.
            const isWritten = (this.writes.get(uri) ?? 0) > asked;
            if (isWritten || answers[index] === undefined || this.known.get(uri) === answers[index]) return;
            this.known.set(uri, answers[index]);
            isChanged = true;
          });
          if (isChanged) this.notify();
        },
        // Unknown rows stay unmarked; they are asked about again when they come on screen again.
        () => {
          for (const uri of batch) this.asking.delete(uri);
        },
      );
    }
  }

  private set(uri: string, isLiked: boolean): void {
    if (this.known.get(uri) === isLiked) return;
    this.known.set(uri, isLiked);
    this.notify();
  }

  private notify(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
