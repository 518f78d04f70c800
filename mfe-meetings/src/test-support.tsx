// Builders and fakes for this app's tests; not imported by the app.
import type {
  ActionItem,
  AgendaItem,
  Meeting,
  MeetingSummary,
  SubscriptionStatus,
} from '@meetings/contracts';
import { parseHashtags } from '@meetings/domain';
import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import App from './App.js';
import type { MeetingPatch } from './meeting/useMeetingLoad.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

export const OWNER = { _id: 'u-owner', id: 'u-owner', email: 'owner@example.com' };

export function plan(
  status: SubscriptionStatus['status'],
  extra: Partial<SubscriptionStatus> = {},
): SubscriptionStatus {
  return {
    status,
    trialExpiresOn: '2099-01-01T00:00:00.000Z',
    daysRemaining: status === 'trial' ? 20 : 0,
    hasSeenTrialNotice: true,
    lastSubscriptionChangeTime: 0,
    ...extra,
  };
}

export function summary(
  id: string,
  date: string | Date,
  extra: Partial<MeetingSummary> = {},
): MeetingSummary {
  return {
    _id: id,
    id,
    title: `Meeting ${id}`,
    date: new Date(date).toISOString(),
    owner: OWNER,
    sharedWith: [],
    isOwner: true,
    recurrence: null,
    durationMinutes: 30,
    ...extra,
  };
}

export function agendaItem(id: string, text: string, order: number, completed = false): AgendaItem {
  return { _id: id, id, text, completed, order };
}

export function actionItem(id: string, text: string, order: number, completed = false): ActionItem {
  return {
    _id: id,
    id,
    text,
    completed,
    order,
    hashtags: parseHashtags(text),
    assignee: null,
    dueDate: null,
  };
}

export function meeting(extra: Partial<Meeting> = {}): Meeting {
  return {
    ...summary('m1', '2026-03-05T10:00:00.000Z', { title: 'Weekly sync' }),
    agenda: [],
    notes: '',
    actions: [],
    seriesId: 'm1',
    sharedRoles: {},
    role: extra.isOwner === false ? 'viewer' : 'owner',
    version: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...extra,
  };
}

/** A list page as GET /meetings/ answers it. */
export function listPage(meetings: MeetingSummary[], page = 1) {
  return { meetings, page, pageSize: 25, hasMore: meetings.length === 25 };
}

type Route = Parameters<typeof fakeApi>[0][string];

/** The remote as the shell mounts it, on a fake API; the user's plan defaults to a trial. */
export function renderMeetingsApp(
  routes: Record<string, Route>,
  {
    route = '/app/meetings',
    status = plan('trial'),
    now,
  }: { route?: string; status?: SubscriptionStatus; now?: () => number } = {},
) {
  const fetch = fakeApi({
    'GET /auth/subscription-status': () => jsonResponse(status),
    ...routes,
  });
  const services = createTestServices({ fetch, currentPath: () => route, now });
  const view = renderWithShell(<App />, { route, path: '/app/meetings/*', services });
  return {
    ...view,
    fetch,
    services,
    user: userEvent.setup(),
    location: () => screen.getByTestId('location').textContent,
  };
}

/** Holds a meeting the way the meeting page does, so a panel's changes show and revert. */
function MeetingHolder({
  initial,
  children,
}: {
  initial: Meeting;
  children: (meeting: Meeting, onChange: (patch: MeetingPatch) => void) => ReactNode;
}) {
  const [current, setCurrent] = useState(initial);
  const onChange = (patch: MeetingPatch) => setCurrent((value) => ({ ...value, ...patch }));
  return children(current, onChange);
}

/** One panel of the meeting page on a fake API. */
export function renderPanel(
  initial: Meeting,
  panel: (meeting: Meeting, onChange: (patch: MeetingPatch) => void) => ReactNode,
  routes: Record<string, Route> = {},
) {
  const fetch = fakeApi(routes);
  const services = createTestServices({ fetch, currentPath: () => '/app/meetings/m1' });
  const view = renderWithShell(<MeetingHolder initial={initial}>{panel}</MeetingHolder>, {
    route: '/app/meetings/m1',
    services,
  });
  return { ...view, fetch, services, user: userEvent.setup() };
}

/** The meeting as the server answers a change. */
export function answer(changes: Partial<Meeting>, base: Meeting = meeting()) {
  return jsonResponse({ meeting: { ...base, ...changes } });
}

export { jsonResponse };

/** The test runs as on a phone: media queries for no hover and a coarse pointer match. */
export function touchScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /hover:\s*none|pointer:\s*coarse/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
