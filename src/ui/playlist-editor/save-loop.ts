import type { Api } from '../../api/api.js';
import { isApiError, type ApiErrorKind } from '../../api/errors.js';
import { isDirty } from './model/arrangement.js';
import {
  dueAt,
  failureText,
  hasUnsavedMoves,
  SAVED,
  saveScheduleReducer,
  type SaveEvent,
  type SavePhase,
} from './model/save-schedule.js';
import type { EditStore } from './edit-store.js';
import { SaveDeclined, saveEdit } from './save-edit.js';
import { confirmText, createPace, progressText, type Pace } from './model/save-pace.js';

export interface SaveLoopHost {
  api: Api;
  playlistId: string;
  store: EditStore;
  /** A line for the status bar: progress, 'saved', why a save failed. */
  onStatus(message: string): void;
  /** Whether moves are unsaved, on every change of it. */
  onUnsavedChange(hasUnsaved: boolean): void;
  /** Requests per 30 s a save starts at (save-pace.ts); it slows down after a 429. */
  budget?: number;
  /** The question before a long save: resolves to whether to go on. */
  confirm(question: string): Promise<boolean>;
  /** Moves already there when the loop starts are saved at once, not after the idle pause (restored ones the user chose to save). */
  saveAtOnce?: boolean;
}

export type SaveResult = { isSaved: true } | { isSaved: false; reason: string };

/** Failures that waiting will not mend: stop and let `w` try again. */
const FINAL_FAILURES: ReadonlySet<ApiErrorKind> = new Set(['bad-request', 'unauthorized', 'forbidden', 'not-found', 'malformed']);
export const MERGED = 'merged with a change made elsewhere';

/**
 * Why a save failed, short enough for the status line to keep "retrying in 4 s" in view: the client's
 * messages end with the request ("(500, PUT /v1/playlists/…)"), which says nothing new here.
 */
function describe(error: unknown): string {
  return error instanceof Error ? error.message.replace(/\s*\([^()]*\/[^()]*\)$/, '') : String(error);
}

/**
 * Saves a playlist's moves by itself: the schedule (save-schedule.ts) says when, `saveEdit` does it, one
 * save at a time. Listens to the store for moves; `saveNow` is `w`. No React here: `useSaveLoop` owns it.
 */
export class SaveLoop {
  private phase: SavePhase = SAVED;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerToken = 0;
  private readonly controller = new AbortController();
  private waiters: ((result: SaveResult) => void)[] = [];
  /** The order and generation last seen: an order that changes within a generation is the user's move. */
  private order: Int32Array;
  private generation: number;
  /** A write failed and may have landed: the next save checks with the service even with nothing to move. */
  private mayDiffer = false;
  private readonly unsubscribe: () => void;
  /** The pace of its requests, kept across saves (and shared by the reads of an addition or `o u`). */
  readonly pace: { current: Pace };

  constructor(private readonly host: SaveLoopHost) {
    this.pace = { current: createPace(host.budget) };
    const state = host.store.getState();
    this.order = state.arrangement.order;
    this.generation = state.generation;
    this.unsubscribe = host.store.subscribe(() => this.storeChanged());
    // Moves made before the loop existed are unsaved all the same.
    if (isDirty(state.arrangement)) this.apply({ type: host.saveAtOnce === true ? 'saveNow' : 'moved', at: Date.now() });
  }

  /** Saves at once (or as soon as the save under way lands); resolves once all is saved, or with why not. */
  saveNow(): Promise<SaveResult> {
    if (this.phase.kind === 'saved') return Promise.resolve({ isSaved: true });
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.apply({ type: 'saveNow', at: Date.now() });
    });
  }

  hasUnsaved(): boolean {
    return hasUnsavedMoves(this.phase);
  }

  /** A save is under way: it reads the playlist's snapshot itself and merges what changed elsewhere. */
  isSaving(): boolean {
    return this.phase.kind === 'saving';
  }

  close(): void {
    this.unsubscribe();
    this.timerToken++;
    clearTimeout(this.timer);
    this.controller.abort();
  }

  private storeChanged(): void {
    const state = this.host.store.getState();
    // A save or a merge renumbers the base (a new generation), which makes a new order too.
    if (state.arrangement.order !== this.order && state.generation === this.generation) {
      this.apply({ type: 'moved', at: Date.now() });
    }
    this.order = state.arrangement.order;
    this.generation = state.generation;
    if (state.isBaseStale && this.phase.kind === 'waiting') this.apply({ type: 'saveNow', at: Date.now() });
  }

  private apply(event: SaveEvent): void {
    const hadUnsaved = hasUnsavedMoves(this.phase);
    this.phase = saveScheduleReducer(this.phase, event);
    if (hasUnsavedMoves(this.phase) !== hadUnsaved) this.host.onUnsavedChange(!hadUnsaved);
    clearTimeout(this.timer);
    // Only the latest timer may start a save (a cleared one can still fire under fake timers in tests).
    const token = ++this.timerToken;
    const due = dueAt(this.phase);
    if (due !== null) {
      this.timer = setTimeout(() => token === this.timerToken && void this.run(), Math.max(0, due - Date.now()));
    }
  }

  private settle(result: SaveResult): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve(result);
  }

  private async run(): Promise<void> {
    const { api, playlistId, store, onStatus } = this.host;
    const state = store.getState();
    let isMerged = false;
    /** What the plan does that the screen does not show, said with the progress until the save ends. */
    let plan = '';
    const hasWork = isDirty(state.arrangement) || state.isBaseStale || state.isBaseUnsure || this.mayDiffer;
    this.apply({ type: 'started' });
    try {
      if (hasWork) {
        onStatus('saving…');
        await saveEdit({
          api, playlistId, store, signal: this.controller.signal,
          pace: this.pace,
          confirm: (requests, ms) => this.host.confirm(confirmText(requests, ms)),
          onStep: (step, steps) =>
            onStatus(`${isMerged ? `${MERGED} · ` : ''}${progressText(step, steps, this.pace.current.blockedUntil, Date.now())}${plan}`),
          onMerged: () => {
            isMerged = true;
            onStatus(MERGED);
          },
          onPlan: (text) => {
            plan = ` · ${text}`;
            onStatus(`saving…${plan}`);
          },
        });
      }
    } catch (error) {
      if (this.controller.signal.aborted) return;
      this.mayDiffer = true;
      const reason = describe(error);
      const canRetry = !(error instanceof SaveDeclined) && !(isApiError(error) && FINAL_FAILURES.has(error.kind));
      this.apply({ type: 'failed', at: Date.now(), reason, canRetry });
      onStatus(failureText(this.phase, Date.now()) ?? `save failed: ${reason}`);
      this.settle({ isSaved: false, reason });
      return;
    }
    if (this.controller.signal.aborted) return;
    this.mayDiffer = false;
    const isStillDirty = isDirty(store.getState().arrangement);
    this.apply({ type: 'landed', at: Date.now(), isDirty: isStillDirty });
    if (isStillDirty) return;
    // 'saved' only once the service has answered: moves undone before a save sent nothing.
    onStatus(isMerged ? `saved · ${MERGED}` : hasWork ? `saved${plan}` : 'nothing to save');
    this.settle({ isSaved: true });
  }
}
