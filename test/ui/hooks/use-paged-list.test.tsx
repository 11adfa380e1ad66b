import { Text } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageRequest } from '../../../src/api/api.js';
import type { Paging } from '../../../src/api/types.js';
import { RECHECK_MS, REFRESH_INTERVAL_MS } from '../../../src/ui/list/page-loader.js';
import { usePagedList, usePagesAround } from '../../../src/ui/list/use-paged-list.js';
import { ServicesProvider } from '../../../src/ui/context/app-services.js';
import { createTerminalEvents } from '../../../src/ui/context/terminal-events.js';
import { renderApp } from '../../helpers/render.js';
import { settle } from '../panes/pane-harness.js';
import { useFakeClock } from '../../helpers/fake-clock.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A remote list of `total` numbers whose answers the test releases by hand; same page, same object. */
function remoteList(total: number) {
  const pages = new Map<number, Paging<number>>();
  const pending: { offset: number; signal: AbortSignal; resolve(): void; reject(error: Error): void }[] = [];
  const pageAt = (offset: number, limit: number): Paging<number> => {
    let page = pages.get(offset);
    if (page === undefined) {
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => offset + index);
      page = { href: '', limit, offset, total, next: null, previous: null, items };
      pages.set(offset, page);
    }
    return page;
  };
  const fetchPage = vi.fn(
    ({ offset, limit }: PageRequest, signal: AbortSignal) =>
      new Promise<Paging<number>>((resolve, reject) => {
        pending.push({ offset, signal, resolve: () => resolve(pageAt(offset, limit)), reject });
      }),
  );
  return {
    fetchPage,
    asked: () => fetchPage.mock.calls.map(([page]) => page.offset),
    inFlight: () => pending.filter((request) => !request.signal.aborted).map((request) => request.offset),
    /** Answers the oldest request still waiting (or the one at `offset`). */
    async answer(offset?: number) {
      const index = offset === undefined ? 0 : pending.findIndex((request) => request.offset === offset);
      const [request] = pending.splice(index, 1);
      request!.resolve();
      await settle();
    },
    async fail(message: string) {
      pending.shift()!.reject(new Error(message));
      await settle();
    },
    /** A changed page: the next answer at `offset` is a new object. */
    change(offset: number) {
      pages.delete(offset);
    },
  };
}

interface ProbeProps {
  remote: ReturnType<typeof remoteList>;
  sourceKey?: string;
  top?: number;
  height?: number;
  isFocused?: boolean;
  onStatus?: (message: string | null) => void;
  reloadKey?: number;
  mayLetGo?: boolean;
  renders: { count: number };
}

function Probe({ remote, sourceKey = 'things', top = 0, height = 10, isFocused = false, onStatus = () => {}, reloadKey, mayLetGo = true, renders }: ProbeProps) {
  renders.count++;
  const paged = usePagedList<number>({ sourceKey, fetchPage: remote.fetchPage, label: 'things', onStatus, reloadKey });
  usePagesAround(paged, { top, height, anchor: top, isFocused, mayLetGo });
  const { list } = paged;
  return <Text>{list === null ? 'nothing yet' : `total ${list.total} pages ${list.starts.join(',')}`}</Text>;
}

describe('usePagedList', () => {
  it('loads the first page, then the pages around the window, two at a time', async () => {
    const remote = remoteList(1_000);
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.answer();
    await app.waitForFrame('total 1000 pages 0');
    expect(remote.asked()).toEqual([0, 50]);

    app.rerender(<Probe remote={remote} renders={renders} top={500} />);
    await settle();
    expect(remote.inFlight()).toEqual([50, 500]);
    await remote.answer(50);
    expect(remote.inFlight()).toEqual([500, 450]);
  });

  it('lets go of the pages far from a window walked far, and reads one again when the window comes back', async () => {
    const remote = remoteList(10_000);
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.answer();
    await remote.answer();
    await app.waitForFrame('total 10000 pages 0,50');

    // A walk down, each window's pages answered before the next move: only pages near the window stay.
    for (let top = 100; top <= 2_000; top += 100) {
      app.rerender(<Probe remote={remote} renders={renders} top={top} />);
      await settle();
      while (remote.inFlight().length > 0) await remote.answer();
    }
    await app.waitForFrame('total 10000 pages 1850,1900,1950,2000,2050');

    // At rest nothing is asked again; back at the top, page 0 is read again.
    const asked = remote.asked().length;
    app.rerender(<Probe remote={remote} renders={renders} top={2_000} />);
    await settle();
    expect(remote.asked()).toHaveLength(asked);
    app.rerender(<Probe remote={remote} renders={renders} top={0} />);
    await settle();
    expect(remote.inFlight()).toContain(0);
    await remote.answer(0);
    await vi.waitFor(() => expect(app.frame()).toMatch(/pages 0(,|$)/));
  });

  it('keeps every page it loaded while it may not let go (a filter searches them)', async () => {
    const remote = remoteList(10_000);
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} mayLetGo={false} />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.answer();
    await remote.answer();
    app.rerender(<Probe remote={remote} renders={renders} top={1_000} mayLetGo={false} />);
    await settle();
    while (remote.inFlight().length > 0) await remote.answer();
    await app.waitForFrame('total 10000 pages 0,50,950,1000,1050');
  });

  it('reads every page it holds again for a new reloadKey, showing them meanwhile', async () => {
    const remote = remoteList(120);
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} top={40} height={20} reloadKey={0} />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.answer();
    await remote.answer();
    await remote.answer();
    await app.waitForFrame('total 120 pages 0,50,100');
    const asked = remote.asked().length;

    app.rerender(<Probe remote={remote} renders={renders} top={40} height={20} reloadKey={0} />);
    await settle();
    expect(remote.asked()).toHaveLength(asked);
    app.rerender(<Probe remote={remote} renders={renders} top={40} height={20} reloadKey={1} />);
    await settle();
    expect(remote.inFlight().sort((a, b) => a - b)).toEqual([0, 50, 100]);
    expect(app.frame()).toContain('total 120 pages 0,50,100');
  });

  it('asks for what the window needs now, not for pages it passed while requests were out', async () => {
    const remote = remoteList(10_000);
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.answer();
    for (const top of [100, 200, 300, 9_990]) app.rerender(<Probe remote={remote} renders={renders} top={top} />);
    await settle();
    await remote.answer();
    await remote.answer();
    expect(remote.asked().slice(-2)).toEqual([9_950, 9_900]);
  });

  it('renders nothing when a refetch answers with the same object, and the new page when it changed', async () => {
    useFakeClock();
    const remote = remoteList(30);
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} isFocused />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.answer();
    await app.waitForFrame('total 30 pages 0');
    const rendered = renders.count;

    vi.advanceTimersByTime(REFRESH_INTERVAL_MS);
    await settle();
    expect(remote.inFlight()).toEqual([0]);
    await remote.answer();
    expect(renders.count).toBe(rendered);

    remote.change(0);
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS);
    await settle();
    await remote.answer();
    expect(renders.count).toBe(rendered + 1);
  });

  it("waits with the refresh while the terminal's window is not focused, and refreshes when it comes back", async () => {
    useFakeClock();
    const remote = remoteList(30);
    const events = createTerminalEvents();
    const renders = { count: 0 };
    const app = renderApp(
      <ServicesProvider services={{ terminalEvents: events }}>
        <Probe remote={remote} renders={renders} isFocused />
      </ServicesProvider>,
    );
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.answer();
    await app.waitForFrame('total 30 pages 0');
    events.focus(false);
    await settle();
    vi.advanceTimersByTime(2 * REFRESH_INTERVAL_MS);
    await settle();
    expect(remote.asked()).toEqual([0]);
    events.focus(true);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0, 0]));
  });

  it('says why a page failed, keeps what it had, and tries again only when the window moves', async () => {
    const remote = remoteList(1_000);
    const onStatus = vi.fn();
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} onStatus={onStatus} />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.answer();
    await remote.fail('Service unavailable');
    expect(onStatus).toHaveBeenLastCalledWith("Couldn't load things 51–100: Service unavailable");
    expect(app.frame()).toContain('pages 0');
    expect(remote.inFlight()).toEqual([]);

    app.rerender(<Probe remote={remote} renders={renders} onStatus={onStatus} top={1} />);
    await settle();
    expect(remote.inFlight()).toEqual([50]);
    await remote.answer();
    expect(onStatus).toHaveBeenLastCalledWith(null);
    await app.waitForFrame('pages 0,50');
  });

  it('keeps the message while the failed page is still missing where the user looks', async () => {
    const remote = remoteList(1_000);
    const onStatus = vi.fn();
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} onStatus={onStatus} top={500} />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.answer();
    expect(remote.inFlight()).toEqual([500, 450]);
    await remote.fail('Service unavailable');
    await remote.answer(450);
    expect(onStatus).toHaveBeenLastCalledWith("Couldn't load things 501–550: Service unavailable");

    app.rerender(<Probe remote={remote} renders={renders} onStatus={onStatus} top={501} />);
    await settle();
    await remote.answer(500);
    expect(onStatus).toHaveBeenLastCalledWith(null);
  });

  it('tries a failed first page again at the next check while focused', async () => {
    useFakeClock();
    const remote = remoteList(10);
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} isFocused />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    await remote.fail('timeout');
    vi.advanceTimersByTime(RECHECK_MS);
    await settle();
    expect(remote.inFlight()).toEqual([0]);
    await remote.answer();
    await app.waitForFrame('total 10 pages 0');
  });

  it('starts over for another collection, dropping what was asked for the old one', async () => {
    const remote = remoteList(1_000);
    const renders = { count: 0 };
    const app = renderApp(<Probe remote={remote} renders={renders} />);
    await vi.waitFor(() => expect(remote.asked()).toEqual([0]));
    app.rerender(<Probe remote={remote} renders={renders} sourceKey="others" />);
    await settle();
    expect(remote.inFlight()).toEqual([0]);
    expect(remote.asked()).toEqual([0, 0]);
    await remote.answer(0);
    expect(app.frame()).toBe('nothing yet');
    await remote.answer(0);
    await app.waitForFrame('total 1000 pages 0');
  });
});
