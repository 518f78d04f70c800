import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppChrome } from './AppChrome.js';

function setup(count: () => Response) {
  const fetch = fakeApi({
    'GET /actions/count': count,
    'GET /auth/subscription-status': () => jsonResponse({ error: 'down' }, 503),
  });
  const view = renderWithShell(<AppChrome />, {
    route: '/app/meetings',
    path: '/app/*',
    services: createTestServices({ fetch }),
  });
  const actionsLink = () => screen.getByRole('link', { name: 'Actions' });
  const counts = () => fetch.calls.filter((call) => call.path === '/actions/count');
  return { ...view, fetch, actionsLink, counts };
}

describe('the Actions link: overdue actions assigned to the user', () => {
  it('shows their number, asked of GET /actions/count?assignee=me&due=overdue', async () => {
    const { actionsLink, counts, container } = setup(() => jsonResponse({ count: 3 }));
    await waitFor(() =>
      expect(container.querySelector('[data-overdue-count]')?.textContent).toBe('3'),
    );
    expect(counts()[0]?.query).toEqual({ assignee: 'me', due: 'overdue' });
    // Still called "Actions", and described by the count.
    const described = document.getElementById(actionsLink().getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('3 overdue actions assigned to you');
    expect(
      screen.getByRole('link', { name: 'Meetings' }).getAttribute('aria-describedby'),
    ).toBeNull();
  });

  it('shows 99+ beyond 99', async () => {
    const { container } = setup(() => jsonResponse({ count: 100 }));
    await waitFor(() =>
      expect(container.querySelector('[data-overdue-count]')?.textContent).toBe('99+'),
    );
  });

  it.each([
    ['none is overdue', () => jsonResponse({ count: 0 })],
    ['the count fails', () => jsonResponse({ error: 'down' }, 503)],
  ])('shows nothing when %s', async (_, answer) => {
    const { actionsLink, counts, container } = setup(answer);
    await waitFor(() => expect(counts()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector('[data-overdue-count]')).toBeNull();
    expect(actionsLink().getAttribute('aria-describedby')).toBeNull();
  });

  it('asks again on each change of page', async () => {
    const { actionsLink, counts } = setup(() => jsonResponse({ count: 1 }));
    await waitFor(() => expect(counts()).toHaveLength(1));
    await userEvent.click(actionsLink());
    await waitFor(() => expect(counts()).toHaveLength(2));
  });
});
