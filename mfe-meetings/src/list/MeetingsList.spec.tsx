import { earlyRequestUrl, MEETINGS_FIRST_PAGE } from '@meetings/shell-context/early';
import { deferred, fakeIntersectionObserver } from '@meetings/shell-context/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, listPage, plan, renderMeetingsApp, summary } from '../test-support.js';
import { forgetListPlaces } from './list-place.js';

// Counting the rows' renders shows what typing in the search box renders again.
const rowRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./MeetingRow.js', async (importOriginal) =>
  (await import('@meetings/shell-context/testing')).countRenders(
    importOriginal,
    'MeetingRow',
    rowRenders,
  ),
);

// Each test is a new page: nothing kept from the one before.
beforeEach(forgetListPlaces);

// Wednesday 14 October 2026, noon.
const NOW = new Date(2026, 9, 14, 12, 0, 0);
const at = (month: number, day: number, hour = 10) => new Date(2026, month - 1, day, hour);

function useClock() {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
}

describe('meetings list', () => {
  it('focuses the search box and groups meetings in the documented order, newest first, empty groups hidden', async () => {
    useClock();
    const meetings = [
      summary('older', at(8, 31), { title: 'Older one' }),
      summary('this-week-early', at(10, 12), { title: 'Monday sync' }),
      summary('later', at(12, 1), { title: 'December plan' }),
      summary('this-week-late', at(10, 18), { title: 'Sunday review' }),
      summary('last-week', at(10, 6), { title: 'Retro' }),
      summary('next-month', at(11, 3), { title: 'November kickoff' }),
      summary('last-month', at(9, 30), { title: 'September close' }),
    ];
    renderMeetingsApp({ 'GET /meetings/': () => jsonResponse(listPage(meetings)) });
    await screen.findByText('Monday sync');
    expect(document.activeElement).toBe(screen.getByLabelText('Search meetings'));

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Later',
      'Next month',
      'This week',
      'Last week',
      'Last month',
      'Older',
    ]);
    const thisWeek = within(screen.getByRole('region', { name: 'This week' }));
    expect(thisWeek.getAllByRole('link').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Sunday review'),
      expect.stringContaining('Monday sync'),
    ]);
    expect(screen.getByText('Sunday 18/10/2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Retro/ }).getAttribute('href')).toBe(
      '/app/meetings/last-week',
    );
  });

  it("asks first for the page the shell's first load asked for early, so that answer serves it", async () => {
    const { fetch } = renderMeetingsApp({
      'GET /meetings/': () => jsonResponse(listPage([summary('one', NOW, { title: 'One' })])),
    });
    await screen.findByText('One');
    const first = fetch.calls.find((call) => call.path === '/meetings/');
    expect(first?.url).toBe(earlyRequestUrl(MEETINGS_FIRST_PAGE));
  });

  it('shows the owner first as "(Owner)", up to 4 other distinct people, then "+N more"', async () => {
    const shared = [
      'Owner@example.com',
      'ann@example.com',
      'bob@example.com',
      'ANN@example.com',
      'cy@example.com',
      'dee@example.com',
      'ed@example.com',
      'flo@example.com',
    ];
    renderMeetingsApp({
      'GET /meetings/': () =>
        jsonResponse(listPage([summary('m1', NOW, { title: 'Crowded', sharedWith: shared })])),
    });
    await screen.findByText('Crowded');
    const people = within(screen.getByRole('group', { name: 'People in this meeting' }));
    expect(people.getAllByRole('img').map((avatar) => avatar.getAttribute('aria-label'))).toEqual([
      'owner@example.com (Owner)',
      'ann@example.com',
      'bob@example.com',
      'cy@example.com',
      'dee@example.com',
    ]);
    expect(people.getAllByRole('img').map((avatar) => avatar.textContent)).toEqual([
      'OW',
      'AN',
      'BO',
      'CY',
      'DE',
    ]);
    expect(people.getByText('+2 more')).toBeTruthy();
  });

  it('shows an unknown owner as "UN"', async () => {
    renderMeetingsApp({
      'GET /meetings/': () =>
        jsonResponse(
          listPage([
            summary('m1', NOW, { title: 'Orphan', owner: { _id: 'x', id: 'x', email: '' } }),
          ]),
        ),
    });
    await screen.findByText('Orphan');
    expect(screen.getAllByRole('img')[0]!.textContent).toBe('UN');
  });

  it('loads more while a page has exactly 25 meetings, near the end of the list, without repeats', async () => {
    const io = fakeIntersectionObserver();
    const first = Array.from({ length: 25 }, (_, i) => summary(`a${i}`, at(10, 1, i % 24)));
    // The second page repeats one meeting of the first (a meeting moved between pages).
    const second = [summary('a24', at(10, 1)), summary('b1', at(9, 2)), summary('b2', at(9, 3))];
    const next = deferred();
    const { fetch } = renderMeetingsApp({
      'GET /meetings/': (call) =>
        call.query?.page === '1' ? jsonResponse(listPage(first)) : next.promise,
    });
    await screen.findByText('Meeting a0');
    expect(fetch.calls.filter((c) => c.path === '/meetings/')).toHaveLength(1);
    const options = io.options[0];
    expect(options).toEqual({ rootMargin: '200px', threshold: 0.5 });

    io.report(true);
    expect(await screen.findByText('Loading...')).toBeTruthy();
    const pageCalls = fetch.calls.filter((c) => c.path === '/meetings/');
    expect(pageCalls.map((c) => c.query)).toEqual([
      { page: '1', pageSize: '25' },
      { page: '2', pageSize: '25' },
    ]);
    next.resolve(jsonResponse(listPage(second, 2)));
    expect(await screen.findByText('No more meetings to load.')).toBeTruthy();
    expect(screen.getAllByText('Meeting a24')).toHaveLength(1);
    expect(screen.getByText('Meeting b2')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(27);
    io.report(true);
    expect(fetch.calls.filter((c) => c.path === '/meetings/')).toHaveLength(2);
  });

  it('keeps loading while the end of the list stays in view, and waits after a failed page', async () => {
    const io = fakeIntersectionObserver();
    const page = (n: number, size: number) =>
      Array.from({ length: size }, (_, i) => summary(`p${n}-${i}`, at(10, 1, i % 24)));
    let failSecond = true;
    const { fetch } = renderMeetingsApp({
      'GET /meetings/': (call) => {
        const n = Number(call.query?.page);
        if (n === 2 && failSecond) {
          failSecond = false;
          return jsonResponse({ error: 'down' }, 503);
        }
        return jsonResponse(listPage(page(n, n === 3 ? 3 : 25), n));
      },
    });
    const pages = () =>
      fetch.calls.filter((c) => c.path === '/meetings/').map((c) => c.query?.page);
    await screen.findByText('Meeting p1-0');
    io.report(true);
    await waitFor(() => expect(pages()).toEqual(['1', '2']));
    // The failed page has settled (the client may retry a 503 before giving up)...
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    // ...and is not asked again while the end stays in view...
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pages()).toEqual(['1', '2']);
    // ...but once it leaves and comes back, and then page after page while it stays.
    io.report(false);
    io.report(true);
    // Two more pages, each asked for once the deferred render of the one before has committed.
    // Three renders of 25 rows each: slow in jsdom on a loaded machine.
    expect(
      await screen.findByText('No more meetings to load.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(pages()).toEqual(['1', '2', '2', '3']);
    expect(screen.getAllByRole('link')).toHaveLength(53);
  });

  it('starts again from page 1 for a new search, 300 ms after typing stops', async () => {
    fakeIntersectionObserver();
    const { fetch, user } = renderMeetingsApp({
      'GET /meetings/': (call) =>
        jsonResponse(
          listPage(
            call.query?.title
              ? [summary('s1', NOW, { title: 'Budget review' })]
              : [summary('m1', NOW, { title: 'Standup' }), summary('m2', NOW, { title: 'Budget' })],
          ),
        ),
    });
    await screen.findByText('Standup');
    await user.type(screen.getByLabelText('Search meetings'), 'bud');
    await screen.findByText('Budget review');
    expect(screen.queryByText('Standup')).toBeNull();
    const searches = fetch.calls.filter((c) => c.path === '/meetings/').map((c) => c.query);
    // One call for the settled text, none per keystroke.
    expect(searches).toEqual([
      { page: '1', pageSize: '25' },
      { page: '1', pageSize: '25', title: 'bud' },
    ]);
  });

  it('does not render the rows again while the search is typed', async () => {
    const { user } = renderMeetingsApp({
      'GET /meetings/': () =>
        jsonResponse(listPage([summary('m1', NOW), summary('m2', NOW), summary('m3', NOW)])),
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    const rendersBefore = rowRenders.count;
    const box = screen.getByLabelText('Search meetings') as HTMLInputElement;
    await user.type(box, 'bu');
    expect(box.value).toBe('bu');
    expect(rowRenders.count).toBe(rendersBefore);
  });

  it('says nothing when a page fails to load', async () => {
    const { services } = renderMeetingsApp({
      'GET /meetings/': () => jsonResponse({ error: 'down' }, 503),
    });
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    expect(services.toast.shown).toEqual([]);
  });

  it('offers "New Meeting" unless the user is on the free tier', async () => {
    const routes = { 'GET /meetings/': () => jsonResponse(listPage([summary('m1', NOW)])) };
    const trial = renderMeetingsApp(routes);
    expect(await screen.findByRole('button', { name: 'New Meeting' })).toBeTruthy();
    trial.unmount();
    renderMeetingsApp(routes, { status: plan('free') });
    await screen.findByText('No more meetings to load.');
    expect(screen.queryByRole('button', { name: 'New Meeting' })).toBeNull();
  });

  it('says what an empty list means and what to do, not that it ended', async () => {
    const routes = {
      'GET /meetings/': () => jsonResponse(listPage([])),
    };
    const { user } = renderMeetingsApp(routes);
    const heading = await screen.findByText('No meetings yet');
    expect(heading.closest('[role="status"]')?.textContent).toContain(
      'Create your first meeting with the New Meeting button above.',
    );
    expect(screen.queryByText('No more meetings to load.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New Meeting' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('names the search that found nothing', async () => {
    const { user } = renderMeetingsApp({ 'GET /meetings/': () => jsonResponse(listPage([])) });
    await screen.findByText('No meetings yet');
    await user.type(screen.getByLabelText('Search meetings'), 'budget');
    expect(await screen.findByText('No meetings match “budget”')).toBeTruthy();
    expect(screen.queryByText('No more meetings to load.')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'New Meeting' })).toHaveLength(1);
    expect(screen.queryByText(/Create your first meeting/)).toBeNull();
  });

  it('tells a free-tier user with no meetings where shared ones appear, without New Meeting', async () => {
    renderMeetingsApp(
      { 'GET /meetings/': () => jsonResponse(listPage([])) },
      { status: plan('free') },
    );
    expect(await screen.findByText('Meetings shared with you will show here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Meeting' })).toBeNull();
  });
});
