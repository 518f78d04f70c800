import { createTestServices, fakeApi, renderWithShell } from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { actionItem, answer, jsonResponse } from '../../test-support.js';
import { PreviousActions } from './PreviousActions.js';

type Route = Parameters<typeof fakeApi>[0][string];

const earlier = {
  _id: 'p1',
  id: 'p1',
  title: 'Weekly sync',
  date: '2026-02-26T10:00:00.000Z',
  actions: [actionItem('o1', 'Chase #vendor', 1), actionItem('o2', 'Update plan', 2)],
};
const done = actionItem('o3', 'Old done thing', 3, true);

function setup(previous: Route, routes: Record<string, Route> = {}) {
  const fetch = fakeApi({ 'GET /meetings/m2/previous-actions': previous, ...routes });
  const services = createTestServices({ fetch });
  renderWithShell(<PreviousActions meetingId="m2" />, { services });
  return { fetch, services, user: userEvent.setup() };
}

const loads = (fetch: ReturnType<typeof setup>['fetch']) =>
  fetch.calls.filter((call) => call.path.endsWith('/previous-actions')).map((c) => c.query);

describe('Previous Actions panel', () => {
  it('is hidden when there are none', async () => {
    const { fetch } = setup(() => jsonResponse({ meetings: [] }));
    await waitFor(() => expect(loads(fetch)).toEqual([{ showCompleted: 'false' }]));
    expect(screen.queryByText('Previous Actions')).toBeNull();
  });

  it('lists earlier meetings as "title - dd/MM/yyyy" links with their open actions', async () => {
    setup(() => jsonResponse({ meetings: [earlier] }));
    expect(await screen.findByRole('heading', { name: 'Previous Actions' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Weekly sync - 26/02/2026' });
    expect(link.getAttribute('href')).toBe('/app/meetings/p1');
    expect(screen.getByRole('checkbox', { name: 'Chase #vendor' })).toBeTruthy();
    expect(document.querySelector('[data-hashtag="vendor"]')).toBeTruthy();
  });

  it('"Show completed" reloads with completed actions; "No previous actions found." when the filter empties it', async () => {
    let openActions = [earlier];
    const { fetch, user } = setup((call) =>
      jsonResponse({
        meetings:
          call.query?.showCompleted === 'true'
            ? [{ ...earlier, actions: [...earlier.actions, done] }]
            : openActions,
      }),
    );
    await screen.findByText('Update plan');
    await user.click(screen.getByRole('switch', { name: 'Show completed' }));
    expect(await screen.findByText('Old done thing')).toBeTruthy();
    openActions = [];
    await user.click(screen.getByRole('switch', { name: 'Show completed' }));
    expect(await screen.findByText('No previous actions found.')).toBeTruthy();
    expect(loads(fetch)).toEqual([
      { showCompleted: 'false' },
      { showCompleted: 'true' },
      { showCompleted: 'false' },
    ]);
  });

  it('collapses and expands', async () => {
    const { user } = setup(() => jsonResponse({ meetings: [earlier] }));
    await screen.findByText('Update plan');
    await user.click(screen.getByRole('button', { name: 'Collapse previous actions' }));
    const toggle = screen.getByRole('button', { name: 'Expand previous actions' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Collapse previous actions' })).toBeTruthy();
  });

  it('ticks an action on the earlier meeting', async () => {
    const { fetch, user } = setup(() => jsonResponse({ meetings: [earlier] }), {
      'PUT /meetings/p1/update-action-item/o1': () => answer({ actions: earlier.actions }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Chase #vendor' }));
    expect(fetch.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/meetings/p1/update-action-item/o1',
      body: { completed: true },
    });
    expect(
      (screen.getByRole('checkbox', { name: 'Chase #vendor' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('says "Failed to load previous actions" when loading fails', async () => {
    const { services } = setup(() => jsonResponse({ error: 'down' }, 500));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to load previous actions' },
      ]),
    );
  });
});
