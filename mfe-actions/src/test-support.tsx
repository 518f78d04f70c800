// Builders and fakes for this app's tests; not imported by the app.
import type { ActionsMeetingGroup, IndexedAction, ListActionsResponse } from '@meetings/contracts';
import { parseHashtags } from '@meetings/domain';
import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { App } from './App.js';

afterEach(() => vi.unstubAllGlobals());

export function action(
  id: string,
  text = `Action ${id}`,
  extra: Partial<IndexedAction> = {},
): IndexedAction {
  return {
    _id: id,
    id,
    text,
    completed: false,
    order: 1,
    hashtags: parseHashtags(text),
    ...extra,
  };
}

export function meeting(
  id: string,
  title: string,
  actions: IndexedAction[],
  date = '2026-03-05T10:00:00.000Z',
): ActionsMeetingGroup {
  const owner = { _id: 'u1', id: 'u1', email: 'pm@example.com' };
  return { _id: id, id, title, date, owner, actions };
}

export function actionsPage(
  meetings: ActionsMeetingGroup[],
  { page = 1, hasMore = false } = {},
): ListActionsResponse {
  return { meetings, page, pageSize: 25, hasMore };
}

/** Ids a1..aN, in order. */
export function actionIds(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, index) => `a${from + index}`);
}

/** A response the test releases when it wants, to see what shows meanwhile. */
export function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

type Route = Parameters<typeof fakeApi>[0][string];

/** The actions page as the shell mounts it, on a fake API. */
export function renderActionsPage(routes: Record<string, Route>) {
  const fetch = fakeApi({
    'GET /actions/hashtags': () => jsonResponse({ hashtags: [] }),
    ...routes,
  });
  const services = createTestServices({ fetch, currentPath: () => '/app/actions' });
  const view = renderWithShell(<App />, {
    route: '/app/actions',
    path: '/app/actions/*',
    services,
  });
  return {
    ...view,
    fetch,
    services,
    user: userEvent.setup(),
    /** The query of every list call so far. */
    listQueries: () =>
      fetch.calls.filter((call) => call.path === '/actions/').map((call) => call.query ?? {}),
  };
}

/**
 * jsdom has no IntersectionObserver: this one records its options and lets a test bring the
 * observed sentinel into view.
 */
export function stubIntersectionObserver() {
  const live = new Set<FakeObserver>();
  const options: IntersectionObserverInit[] = [];
  class FakeObserver {
    readonly targets: Element[] = [];
    constructor(
      readonly callback: IntersectionObserverCallback,
      init: IntersectionObserverInit = {},
    ) {
      options.push(init);
    }
    observe(target: Element) {
      this.targets.push(target);
      live.add(this);
    }
    unobserve() {}
    disconnect() {
      live.delete(this);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    options,
    /** How many observers watch the sentinel now (none while a page loads). */
    watching: () => live.size,
    /** The user scrolls the end of the list into reach. */
    scrollToEnd() {
      act(() => {
        for (const observer of [...live]) {
          const entries = observer.targets.map(
            (target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry,
          );
          observer.callback(entries, observer as unknown as IntersectionObserver);
        }
      });
    },
  };
}

/** Completed actions are struck through on the row's text, not on each word. */
export function isStruckThrough(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (getComputedStyle(node).textDecoration.includes('line-through')) return true;
    if (node.tagName === 'LI') return false;
  }
  return false;
}
