// Builders and fakes for this app's tests; not imported by the app.
import type { ActionsMeetingGroup, ActionItem, ListActionsResponse } from '@meetings/contracts';
import { parseHashtags } from '@meetings/domain';
import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import App from './App.js';

afterEach(() => vi.unstubAllGlobals());

export function action(
  id: string,
  text = `Action ${id}`,
  extra: Partial<ActionItem> = {},
): ActionItem {
  return {
    _id: id,
    id,
    text,
    completed: false,
    order: 1,
    hashtags: parseHashtags(text),
    assignee: null,
    dueDate: null,
    ...extra,
  };
}

export function meeting(
  id: string,
  title: string,
  actions: ActionItem[],
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

type Route = Parameters<typeof fakeApi>[0][string];

/** The actions page as the shell mounts it, on a fake API. */
export function renderActionsPage(routes: Record<string, Route>, route = '/app/actions') {
  const fetch = fakeApi({
    'GET /actions/hashtags': () => jsonResponse({ hashtags: [] }),
    ...routes,
  });
  const services = createTestServices({ fetch, currentPath: () => '/app/actions' });
  const view = renderWithShell(<App />, {
    route,
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

/** Completed actions are struck through on the row's text, not on each word. */
export function isStruckThrough(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (getComputedStyle(node).textDecoration.includes('line-through')) return true;
    if (node.tagName === 'LI') return false;
  }
  return false;
}
