import { badRequest } from '../errors.js';
import { parseUri, type ContextType } from '../play-context.js';
import { contextObjectJson } from '../render/playback.js';
import type { Play } from '../store/history.js';
import { objectRoute } from './rendered.js';
import { cursorPage } from './saved.js';

const MS = /^\d{1,16}$/;

function cursorOf(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  if (!MS.test(value)) throw badRequest(`Invalid ${name}: must be a Unix timestamp in milliseconds`);
  return Number(value);
}

function contextOf(uri: string | null, origin: string): string {
  const parsed = uri === null ? null : parseUri(uri);
  const isContext = parsed && parsed.type !== 'track' && parsed.type !== 'episode' && parsed.type !== 'chapter';
  return isContext ? contextObjectJson(parsed.type as ContextType, parsed.id, origin) : 'null';
}

/**
 * Get Recently Played Tracks: newest first, paged back in time by `before` (epoch ms; the page's oldest,
 * in `next`) or forward by `after` (decisions §5). The player's history (history-tracker.ts) is caught up
 * first: the clock is lazy, so a read may be the first to see a track end.
 */
export const recentlyPlayed = objectRoute({
  covers: ['player'],
  page: cursorPage,
  find: (context, view) => {
    context.playback.current(view.userId!, context.now());
    return null;
  },
  render: (context, view) => {
    const before = cursorOf(view.query.before, 'before');
    const after = cursorOf(view.query.after, 'after');
    if (before !== null && after !== null) throw badRequest('Invalid request: give before or after, not both');
    const userId = view.userId!;
    const { limit } = view.page;
    // One more than the page tells whether another follows it.
    const read = (count: number): Play[] => (after !== null ? context.history.after(userId, after, count) : context.history.before(userId, before, count));
    const plays = read(limit + 1);
    const hasMore = plays.length > limit;
    const page = after !== null ? plays.slice(plays.length - Math.min(limit, plays.length)) : plays.slice(0, limit);
    const newest = page[0]?.playedAt;
    const oldest = page.at(-1)?.playedAt;
    const link = (name: string | null, value: number | undefined) =>
      JSON.stringify(`${view.origin}/v1/me/player/recently-played?limit=${limit}${name && value !== undefined ? `&${name}=${value}` : ''}`);
    const next = !hasMore ? 'null' : after !== null ? link('after', newest) : link('before', oldest);
    const items = page.map((play) => {
      const track = context.catalog.track(play.trackId);
      const trackJson = track ? context.render.track(track, view.market, view.origin) : 'null';
      return `{"track":${trackJson},"played_at":${JSON.stringify(new Date(play.playedAt).toISOString())},"context":${contextOf(play.contextUri, view.origin)}}`;
    });
    const cursors = page.length === 0 ? 'null' : `{"after":"${newest}","before":"${oldest}"}`;
    const href = after !== null ? link('after', after) : link(before === null ? null : 'before', before ?? undefined);
    return `{"href":${href},"limit":${limit},"next":${next},"cursors":${cursors},"items":[${items.join(',')}]}`;
  },
});
