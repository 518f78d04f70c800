import { ACTIONS_FIRST_PAGE, earlyRequestUrl } from '@meetings/shell-context/early';
import { deferred, fakeIntersectionObserver, jsonResponse } from '@meetings/shell-context/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  action,
  actionIds,
  actionsPage,
  isStruckThrough,
  meeting,
  renderActionsPage,
} from './test-support.js';

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('actions page: the list', () => {
  it('lists meetings as "title - dd/MM/yyyy" links with their actions underneath', async () => {
    const { listQueries, container } = renderActionsPage({
      'GET /actions/': () =>
        jsonResponse(
          actionsPage([
            meeting('m1', 'Weekly sync', [
              action('a1', 'Send the notes #ops'),
              action('a2', 'Ask about #budget later', { hashtags: [] }),
              action('a3', 'Book the room', { completed: true }),
            ]),
            meeting('m2', 'Retro', [action('a4', 'Fix the build')], '2026-02-20T09:00:00.000Z'),
          ]),
        ),
    });
    expect(screen.getByRole('heading', { name: 'Actions' })).toBeTruthy();

    const link = await screen.findByRole('link', { name: 'Weekly sync - 05/03/2026' });
    expect(link.getAttribute('href')).toBe('/app/meetings/m1');
    expect(screen.getByRole('link', { name: 'Retro - 20/02/2026' }).getAttribute('href')).toBe(
      '/app/meetings/m2',
    );
    const weekly = screen.getByRole('region', { name: 'Weekly sync - 05/03/2026' });
    expect(
      within(weekly)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Send the notes #ops', 'Ask about #budget later', 'Book the room']);

    // Only tags in the action's own list are chips.
    const chips = [...container.querySelectorAll('[data-hashtag]')].map((chip) => chip.textContent);
    expect(chips).toEqual(['#ops']);

    expect(checkbox('Book the room').checked).toBe(true);
    expect(isStruckThrough(screen.getByText('Book the room'))).toBe(true);
    expect(isStruckThrough(screen.getByText('Fix the build'))).toBe(false);

    expect(screen.getByText('No more actions to load.')).toBeTruthy();
    expect(listQueries()).toEqual([{ page: '1', pageSize: '25', showCompleted: 'false' }]);
  });

  it("shows each action's assignee and due date", async () => {
    renderActionsPage({
      'GET /actions/': () =>
        jsonResponse(
          actionsPage([
            meeting('m1', 'Weekly sync', [
              action('a1', 'Send the notes', {
                assignee: 'bob@example.com',
                dueDate: '2020-01-06',
              }),
              action('a2', 'Book the room'),
            ]),
          ]),
        ),
    });
    const avatar = await screen.findByRole('img', { name: 'Assigned to bob@example.com' });
    expect(avatar.textContent).toBe('BO');
    expect(screen.getByLabelText('Overdue, due Monday 06/01/2020')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Assigned to/ })).toHaveLength(1);
  });

  it("asks first for the page the shell's first load asked for early, so that answer serves it", async () => {
    const { fetch } = renderActionsPage({ 'GET /actions/': () => jsonResponse(actionsPage([])) });
    await screen.findByText('No more actions to load.');
    const first = fetch.calls.find((call) => call.path === '/actions/');
    expect(first?.url).toBe(earlyRequestUrl(ACTIONS_FIRST_PAGE));
  });

  it('loads 25 more when the end comes within 200 px, merging a meeting that goes on and dropping repeats', async () => {
    const observer = fakeIntersectionObserver();
    const second = deferred();
    const firstIds = actionIds(1, 25);
    const { listQueries } = renderActionsPage({
      'GET /actions/': (call) =>
        call.query?.page === '1'
          ? jsonResponse(
              actionsPage(
                [
                  meeting(
                    'm1',
                    'Planning',
                    firstIds.map((id) => action(id)),
                  ),
                ],
                {
                  hasMore: true,
                },
              ),
            )
          : second.promise,
    });
    await screen.findByRole('checkbox', { name: 'Action a25' });
    expect(observer.options.at(-1)).toEqual({ rootMargin: '200px', threshold: 0.5 });
    expect(screen.queryByText('No more actions to load.')).toBeNull();

    observer.report(true);
    expect(await screen.findByText('Loading...')).toBeTruthy();
    // Nothing more is asked for while a page is on its way.
    observer.report(true);
    expect(listQueries()).toHaveLength(2);

    second.resolve(
      jsonResponse(
        actionsPage(
          [
            meeting('m1', 'Planning', [action('a25'), action('a26')]),
            meeting('m2', 'Design review', [action('b1')], '2026-03-01T10:00:00.000Z'),
          ],
          { page: 2 },
        ),
      ),
    );
    expect(await screen.findByText('No more actions to load.')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Planning - 05/03/2026' })).toHaveLength(1);
    const planning = screen.getByRole('region', { name: 'Planning - 05/03/2026' });
    expect(
      within(planning)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual([...firstIds, 'a26'].map((id) => `Action ${id}`));
    expect(screen.getByRole('checkbox', { name: 'Action b1' })).toBeTruthy();
    expect(listQueries().map((query) => query.page)).toEqual(['1', '2']);

    // The end is reached: scrolling asks for nothing more.
    expect(observer.watching()).toBe(0);
  });

  it('starts again at page 1 after the search text pauses for 300 ms, and when "Show completed" changes', async () => {
    const observer = fakeIntersectionObserver();
    const { listQueries, user } = renderActionsPage({
      'GET /actions/': ({ query }) => {
        const page = Number(query?.page);
        const prefix = query?.search ? `${query.search} ` : '';
        const done = query?.showCompleted === 'true' ? ' (all)' : '';
        return jsonResponse(
          actionsPage(
            [
              meeting(`m${page}`, `Meeting ${page}`, [
                action(`p${page}`, `${prefix}p${page}${done}`),
              ]),
            ],
            { page, hasMore: page < 3 },
          ),
        );
      },
    });
    await screen.findByRole('checkbox', { name: 'p1' });
    // While the end stays in reach, page after page loads until the last.
    observer.report(true);
    await screen.findByText('No more actions to load.');
    expect(listQueries().map((query) => query.page)).toEqual(['1', '2', '3']);
    // The user goes back up to the search box.
    observer.report(false);

    await user.type(screen.getByRole('combobox', { name: 'Search actions' }), 'report');
    // One search once typing pauses, not one per key.
    await screen.findByRole('checkbox', { name: 'report p1' });
    expect(screen.queryByRole('checkbox', { name: 'p2' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'p1' })).toBeNull();
    expect(listQueries().slice(3)).toEqual([
      { page: '1', pageSize: '25', search: 'report', showCompleted: 'false' },
    ]);

    await user.click(screen.getByRole('switch', { name: 'Show completed' }));
    await screen.findByRole('checkbox', { name: 'report p1 (all)' });
    expect(screen.queryByRole('checkbox', { name: 'report p1' })).toBeNull();
    expect(listQueries().at(-1)).toEqual({
      page: '1',
      pageSize: '25',
      search: 'report',
      showCompleted: 'true',
    });

    observer.report(true);
    await screen.findByText('No more actions to load.');
    expect(screen.getByRole('checkbox', { name: 'report p2 (all)' })).toBeTruthy();
    expect(
      listQueries()
        .slice(4)
        .map(({ page, search, showCompleted }) => [page, search, showCompleted]),
    ).toEqual([
      ['1', 'report', 'true'],
      ['2', 'report', 'true'],
      ['3', 'report', 'true'],
    ]);
  });

  it('says "Failed to load actions" when a page fails, and loads again only when asked', async () => {
    const observer = fakeIntersectionObserver();
    let fail = true;
    const { listQueries, services, user } = renderActionsPage({
      'GET /actions/': () =>
        fail
          ? jsonResponse({ statusCode: 503, error: 'Service unavailable' }, 503)
          : jsonResponse(actionsPage([meeting('m1', 'Sync', [action('a1')])])),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(services.toast.shown).toEqual([
      { kind: 'error', title: 'Error', description: 'Failed to load actions' },
    ]);
    // No retry loop while the sentinel stays in view.
    observer.report(true);
    expect(listQueries()).toHaveLength(1);

    fail = false;
    await user.click(retry);
    await screen.findByRole('checkbox', { name: 'Action a1' });
    expect(listQueries()).toHaveLength(2);
    expect(services.toast.shown).toHaveLength(1);
  });
});

describe('actions page: ticking an action', () => {
  const oneMeeting = () =>
    jsonResponse(actionsPage([meeting('m1', 'Sync', [action('a1', 'Write the #report')])]));

  it('changes the box only once the server agrees, and keeps the action in view', async () => {
    const answer = deferred();
    const { fetch, user } = renderActionsPage({
      'GET /actions/': oneMeeting,
      'PUT /actions/m1/action/a1/status': () => answer.promise,
    });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'Write the #report',
    });

    await user.click(box);
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(true);
    expect(fetch.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/actions/m1/action/a1/status',
      body: { completed: true },
    });

    answer.resolve(
      jsonResponse({
        action: { ...action('a1', 'Write the #report', { completed: true }), meetingId: 'm1' },
      }),
    );
    await waitFor(() => expect(checkbox('Write the #report').checked).toBe(true));
    expect(checkbox('Write the #report').disabled).toBe(false);
    expect(isStruckThrough(screen.getByText('Write the'))).toBe(true);
  });

  it('leaves the box as it was and says "Failed to update action status" when the server refuses', async () => {
    const { services, user } = renderActionsPage({
      'GET /actions/': oneMeeting,
      'PUT /actions/m1/action/a1/status': () =>
        jsonResponse({ statusCode: 403, error: 'Access denied' }, 403),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Write the #report' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to update action status' },
      ]),
    );
    // The toast is shown at once; the row renders the end of its save deferred.
    await waitFor(() => expect(checkbox('Write the #report').disabled).toBe(false));
    expect(checkbox('Write the #report').checked).toBe(false);
    expect(isStruckThrough(screen.getByText('Write the'))).toBe(false);
  });

  it('reads again from where the list moved when ticked actions left the open-only filter', async () => {
    const observer = fakeIntersectionObserver();
    // The server's open actions: a1..a30 until a1 and a2 are ticked.
    let open = actionIds(1, 30);
    const { listQueries, user } = renderActionsPage({
      'GET /actions/': ({ query }) => {
        const page = Number(query?.page);
        const ids = open.slice((page - 1) * 25, page * 25);
        return jsonResponse(
          actionsPage(
            [
              meeting(
                'm1',
                'Sync',
                ids.map((id) => action(id)),
              ),
            ],
            {
              page,
              hasMore: open.length > page * 25,
            },
          ),
        );
      },
      'PUT /actions/m1/action/a1/status': () => {
        open = open.filter((id) => id !== 'a1');
        return jsonResponse({ action: { ...action('a1'), completed: true, meetingId: 'm1' } });
      },
      'PUT /actions/m1/action/a2/status': () => {
        open = open.filter((id) => id !== 'a2');
        return jsonResponse({ action: { ...action('a2'), completed: true, meetingId: 'm1' } });
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Action a1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Action a2' }));
    await waitFor(() => expect(checkbox('Action a2').checked).toBe(true));

    observer.report(true);
    await screen.findByText('No more actions to load.');
    // a26 and a27 moved onto page 1 when a1 and a2 left the filter: page 1 is read again.
    expect(listQueries().map((query) => query.page)).toEqual(['1', '1', '2']);
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(
      actionIds(1, 30).map((id) => `Action ${id}`),
    );
  });
});
