import { useCallback, useEffect, useRef } from 'react';
import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import type { PlaybackState } from '../../api/types.js';
import { planCommand, type PlaybackCommand } from '../playback-commands.js';
import { agreesWithShown, finishedListening, type ObservedPlayback } from '../state/playback-sync.js';
import { asksOnFocus, DEFAULT_POLL, playbackPollDelay, type PollIntervals } from '../state/poll-pace.js';
import { useServices } from '../context/app-services.js';
import { useAttention } from '../context/terminal-events.js';
import { usePoll, type PollState } from './use-poll.js';

export interface PlaybackController extends PollState<PlaybackState | null> {
  /** Checks the command against `actions`, shows its result at once, sends it, then polls. */
  run(command: PlaybackCommand): void;
  /** Shows a state at once (an optimistic one), as `usePoll`'s `replace`. */
  replace(state: PlaybackState | null): void;
  /** Asks the service now. */
  refresh(): void;
}

/**
 * The playback state, polled at the pace of state/poll-pace.ts (slower while the terminal is not focused,
 * at once when it comes back), with the player commands. Refusals and failed commands are reported through
 * `onNotice` as one line for the status bar. From the service's answers, never an optimistic state, it
 * signals `itemChanged` (another item, or none) and `itemEnded` (an episode or chapter stopped playing: it
 * ended, or another item took its place; what is in progress may have changed).
 */
export function usePlayback(api: Api, onNotice: (message: string) => void, intervals: PollIntervals = DEFAULT_POLL): PlaybackController {
  const attention = useAttention();
  const pace = useRef({ intervals, attention });
  pace.current = { intervals, attention };
  const shown = useRef<{ data: PlaybackState | null | undefined; receivedAt: number }>({ data: undefined, receivedAt: 0 });
  const observed = useRef<ObservedPlayback | null>(null);
  const asked = useRef<{ lastAnswerAt: number | null; inFlight: number }>({ lastAnswerAt: null, inFlight: 0 });
  const { pollShare, signals } = useServices();
  const share = useRef(pollShare);
  share.current = pollShare;
  const signalsTo = useRef(signals);
  signalsTo.current = signals;
  const poll = usePoll<PlaybackState | null>({
    fetch: async (signal) => {
      share.current?.settle();
      asked.current.inFlight++;
      let next: PlaybackState | null;
      try {
        next = await api.getPlaybackState({ signal });
      } finally {
        asked.current.inFlight--;
      }
      asked.current.lastAnswerAt = Date.now();
      const before = observed.current;
      observed.current = { state: next, at: Date.now() };
      if (before !== null && (before.state?.item?.id ?? null) !== (next?.item?.id ?? null)) signalsTo.current?.emit('itemChanged');
      if (before !== null && finishedListening(before, observed.current)) signalsTo.current?.emit('itemEnded');
      const { data, receivedAt } = shown.current;
      // The very object shown, when the answer only confirms the running clock: nothing re-renders.
      return data && next && agreesWithShown(data, receivedAt, next, Date.now()) ? data : next;
    },
    delayAfter: (state) => {
      const delay = playbackPollDelay(state, pace.current.intervals, pace.current.attention);
      // Focused and playing, a list's read again since the last poll stands for the next one (decisions §16).
      return share.current?.owes === true && pace.current.attention === 'focused' && state?.is_playing === true ? 2 * delay : delay;
    },
  });
  // Commands read the state through refs: two keys pressed before a re-render must both see the latest.
  const latest = useRef({ poll, api, onNotice });
  latest.current = { poll, api, onNotice };
  shown.current = poll;
  const commandsInFlight = useRef(new Set<AbortController>());

  // A change of attention re-times the next poll, or asks at once when the window comes back (at mount:
  // nothing answered yet, so nothing to re-time).
  const { refresh, retime } = poll;
  const isFailing = useRef(false);
  isFailing.current = poll.error !== null;
  useEffect(() => {
    const { lastAnswerAt, inFlight } = asked.current;
    if (asksOnFocus({ attention, lastAnswerAt, isAsking: inFlight > 0, isFailing: isFailing.current, now: Date.now() })) refresh();
    else retime();
  }, [attention, refresh, retime]);

  // A list read its page again: the wait now running is counted again with the poll it stands for.
  useEffect(() => pollShare?.onSpend(retime), [pollShare, retime]);

  useEffect(() => {
    const inFlight = commandsInFlight.current;
    return () => {
      for (const controller of inFlight) controller.abort();
    };
  }, []);

  const run = useCallback((command: PlaybackCommand) => {
    const { poll: current, api: client, onNotice: notify } = latest.current;
    const now = Date.now();
    const plan = planCommand(shown.current.data, shown.current.receivedAt, command, now);
    if ('refusal' in plan) {
      notify(plan.refusal);
      return;
    }
    current.replace(plan.optimistic);
    shown.current = { data: plan.optimistic, receivedAt: now };
    const controller = new AbortController();
    commandsInFlight.current.add(controller);
    plan
      .send(client, controller.signal)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const reason = isApiError(error) ? (error.details.reason ?? error.message) : String(error);
        latest.current.onNotice(`couldn't ${plan.verb}: ${reason}`);
      })
      .finally(() => {
        commandsInFlight.current.delete(controller);
        if (!controller.signal.aborted) latest.current.poll.refresh();
      });
  }, []);
  const { replace } = poll;
  return {
    data: poll.data, receivedAt: poll.receivedAt, error: poll.error, staleSince: poll.staleSince, run, replace, refresh,
  };
}
