import { fakeIntersectionObserver } from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  listPage,
  meeting,
  plan,
  renderMeetingsApp,
  summary,
} from '../test-support.js';
import { forgetListPlaces } from './list-place.js';

// The meeting page is loaded lazily by the app; load it once before the tests.
beforeAll(() => import('../meeting/MeetingPage.js'), 30_000);
// Each test is a new page: nothing kept from the one before (cleanup unmounts after afterEach).
beforeEach(forgetListPlaces);
afterEach(() => vi.restoreAllMocks());

const rows = (n: number, size: number) =>
  Array.from({ length: size }, (_, i) =>
    summary(`p${n}-${i}`, new Date(2026, 9, 1, i % 24), { title: `Sync ${n}-${i}` }),
  );

function openList() {
  fakeIntersectionObserver().report(true);
  const app = renderMeetingsApp(
    {
      'GET /meetings/': (call) => {
        const n = Number(call.query?.page);
        return jsonResponse(listPage(rows(n, n === 2 ? 3 : 25), n));
      },
      'GET /meetings/p2-1': () =>
        jsonResponse({ meeting: meeting({ _id: 'p2-1', id: 'p2-1', title: 'Sync 2-1' }) }),
      'GET /meetings/p2-1/previous-actions': () => jsonResponse({ meetings: [] }),
    },
    { status: plan('free') },
  );
  const listCalls = () =>
    app.fetch.calls
      .filter((c) => c.path === '/meetings/')
      .map((c) => `${c.query?.page}${c.query?.title ? ` ${c.query.title}` : ''}`);
  return { ...app, listCalls };
}

describe('back from a meeting to the list', () => {
  it('finds the search, the loaded pages and the scroll position as they were left', async () => {
    const { user, location, listCalls } = openList();
    await user.type(await screen.findByLabelText('Search meetings'), 'sync');
    // Page 1 of the search, then page 2 while the end of the list is in view (the list without
    // a search may have ended first on a slow machine).
    await waitFor(
      () =>
        expect(listCalls().filter((call) => call.endsWith('sync'))).toEqual(['1 sync', '2 sync']),
      { timeout: 10_000 },
    );
    expect(await screen.findByText('Sync 2-2', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('No more meetings to load.')).toBeTruthy();
    Object.defineProperty(window, 'scrollY', { value: 1234, configurable: true });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);

    await user.click(screen.getByRole('link', { name: /Sync 2-1/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sync 2-1' })).toBeTruthy();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    const before = listCalls().length;

    await user.click(screen.getByRole('link', { name: 'Back to meetings' }));
    expect(location()).toBe('/app/meetings');
    // At once, before any answer: the text typed, both pages' rows, the place on the page.
    expect((screen.getByLabelText('Search meetings') as HTMLInputElement).value).toBe('sync');
    expect(screen.getByText('Sync 2-2')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Sync/ })).toHaveLength(28);
    expect(scrollTo).toHaveBeenCalledWith(0, 1234);
    // Then the pages shown are asked again (a title or date may have changed meanwhile).
    await waitFor(() => expect(listCalls().slice(before)).toEqual(['1 sync', '2 sync']));
    expect(await screen.findByText('No more meetings to load.')).toBeTruthy();
  });
});
