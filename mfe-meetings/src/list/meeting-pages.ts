import { PAGE_SIZE, type MeetingSummary } from '@meetings/contracts';
import { mergeById } from '@meetings/domain';
import { createStore } from '@meetings/shell-context';

export interface MeetingPagesSnapshot {
  meetings: MeetingSummary[];
  loading: boolean;
  /** More pages exist while the last page came back full. */
  hasMore: boolean;
}

export type LoadMeetingsPage = (page: number, signal: AbortSignal) => Promise<MeetingSummary[]>;

export type MeetingPages = ReturnType<typeof createMeetingPages>;

/**
 * The loaded pages of one search: page 1 on start, the next page whenever the end of the list
 * is in view and nothing is loading, de-duplicated by id. A new search makes a new instance.
 */
export function createMeetingPages(load: LoadMeetingsPage) {
  const store = createStore<MeetingPagesSnapshot>({ meetings: [], loading: false, hasMore: true });
  let loadedPages = 0;
  /** After a failed load, wait until the end of the list leaves view and comes back. */
  let stalled = false;
  let controller = new AbortController();
  const update = (next: Partial<MeetingPagesSnapshot>) =>
    store.set({ ...store.getSnapshot(), ...next });

  async function loadNext(): Promise<void> {
    const { loading, hasMore } = store.getSnapshot();
    if (loading || !hasMore) return;
    const { signal } = controller;
    update({ loading: true });
    let page: MeetingSummary[];
    try {
      page = await load(loadedPages + 1, signal);
    } catch {
      if (signal.aborted) return;
      // A failed load shows no message. Scrolling away and back tries again.
      stalled = true;
      update({ loading: false });
      return;
    }
    if (signal.aborted) return;
    loadedPages += 1;
    update({
      loading: false,
      hasMore: page.length === PAGE_SIZE,
      meetings: mergeById(store.getSnapshot().meetings, page),
    });
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    /** Loads page 1 if it is not loaded yet. */
    start() {
      if (controller.signal.aborted) controller = new AbortController();
      if (loadedPages === 0) void loadNext();
    },
    /**
     * Where the sentinel below the list is: within the scroll margin or not. Observers report it
     * when they start, so a new one after each load keeps loading while the end stays in view.
     * `shown` is the list on screen when it was measured: a report from before the loaded rows
     * showed says nothing about where the end is (the observer of those rows reports again).
     */
    setEndInView(inView: boolean, shown: readonly MeetingSummary[]) {
      if (!inView) stalled = false;
      else if (!stalled && loadedPages > 0 && shown === store.getSnapshot().meetings)
        void loadNext();
    },
    /**
     * Loads the pages already shown again and puts them in place once all have come back: a list
     * kept while the user was away may have changed (a title, a date, a meeting deleted). What is
     * shown stays if that fails.
     */
    async refresh(): Promise<void> {
      if (store.getSnapshot().loading || loadedPages === 0) return;
      const { signal } = controller;
      const count = loadedPages;
      update({ loading: true });
      let pages: MeetingSummary[][];
      try {
        pages = await Promise.all(
          Array.from({ length: count }, (_, index) => load(index + 1, signal)),
        );
      } catch {
        if (signal.aborted) return;
        update({ loading: false });
        return;
      }
      if (signal.aborted) return;
      update({
        loading: false,
        hasMore: pages.at(-1)!.length === PAGE_SIZE,
        meetings: pages.reduce<MeetingSummary[]>((all, page) => mergeById(all, page), []),
      });
    },
    dispose() {
      controller.abort();
      if (store.getSnapshot().loading) update({ loading: false });
    },
  };
}
