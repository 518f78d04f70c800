import type { SubscriptionStatus } from '@meetings/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '@meetings/shell-context/testing';
import { jsonResponse, listPage, meeting, plan, renderMeetingsApp } from '../test-support.js';

function setup({
  statuses = [plan('trial')],
  create = () => jsonResponse({ meeting: meeting({ _id: 'new-1', id: 'new-1' }) }, 201),
}: {
  statuses?: SubscriptionStatus[];
  create?: () => Response | Promise<Response>;
} = {}) {
  let checks = 0;
  // The plan client spaces its checks 5 s apart; each step of a test moves this clock on.
  const clock = { now: 0 };
  const tick = () => (clock.now += 10_000);
  const view = renderMeetingsApp(
    {
      'GET /meetings/': () => jsonResponse(listPage([])),
      'GET /auth/subscription-status': () =>
        jsonResponse(statuses[Math.min(checks++, statuses.length - 1)]),
      'POST /meetings/create': create,
    },
    { now: () => clock.now },
  );
  const subscriptionChecks = () =>
    view.fetch.calls.filter((call) => call.path === '/auth/subscription-status').length;
  return { ...view, subscriptionChecks, tick };
}

async function open({ user, tick }: ReturnType<typeof setup>) {
  const button = await screen.findByRole('button', { name: 'New Meeting' });
  tick();
  await user.click(button);
  return screen.findByRole('dialog', { name: 'Create New Meeting' });
}

describe('New Meeting dialog', () => {
  it('has the dialog texts, creates the meeting and opens it', async () => {
    const pending = deferred();
    const view = setup({ create: () => pending.promise });
    const { user, fetch, location, tick } = view;
    await open(view);
    const title = screen.getByRole('textbox', { name: 'Meeting Title' }) as HTMLInputElement;
    expect(title.placeholder).toBe('Enter meeting title...');
    expect(title.required).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Create Meeting' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.type(title, '  Sprint planning ');
    tick();
    await user.click(screen.getByRole('button', { name: 'Create Meeting' }));
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeTruthy();
    pending.resolve(jsonResponse({ meeting: meeting({ _id: 'new-1', id: 'new-1' }) }, 201));
    // The meeting page loads on first use.
    await waitFor(() => expect(location()).toBe('/app/meetings/new-1'), { timeout: 5000 });
    expect(fetch.calls.find((c) => c.path === '/meetings/create')?.body).toEqual({
      title: 'Sprint planning',
    });
  });

  it('force-refreshes the plan when it opens and again on submit', async () => {
    const view = setup();
    await screen.findByRole('button', { name: 'New Meeting' });
    const before = view.subscriptionChecks();
    await open(view);
    await waitFor(() => expect(view.subscriptionChecks()).toBe(before + 1));
    await view.user.type(screen.getByRole('textbox', { name: 'Meeting Title' }), 'Planning');
    view.tick();
    await view.user.click(screen.getByRole('button', { name: 'Create Meeting' }));
    await waitFor(() => expect(view.location()).toBe('/app/meetings/new-1'));
    expect(view.subscriptionChecks()).toBe(before + 2);
  });

  it('free on submit: closes and goes to the subscription choice without creating', async () => {
    const view = setup({ statuses: [plan('trial'), plan('trial'), plan('free')] });
    const { user, fetch, location, services, tick } = view;
    await open(view);
    await user.type(screen.getByRole('textbox', { name: 'Meeting Title' }), 'Planning');
    tick();
    await user.click(screen.getByRole('button', { name: 'Create Meeting' }));
    await waitFor(() => expect(location()).toBe('/subscription-choice'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.calls.some((c) => c.path === '/meetings/create')).toBe(false);
    expect(services.toast.shown).toEqual([]);
  });

  it('shows the Free Tier Limitation notice with "Upgrade to Premium" to a free user', async () => {
    const view = setup({ statuses: [plan('trial'), plan('free')] });
    const { user, location } = view;
    await open(view);
    // Opening refreshes the plan: it is now free.
    expect(await screen.findByText('Free Tier Limitation')).toBeTruthy();
    expect(
      screen.getByText(
        'Your free trial has expired. On the free tier, you can view and edit existing meetings, but cannot create new ones.',
      ),
    ).toBeTruthy();
    const upgrade = screen.getByRole('button', { name: 'Upgrade to Premium' });
    await user.hover(upgrade);
    expect(await screen.findByText('Upgrade to Premium to create new meetings')).toBeTruthy();
    await user.click(upgrade);
    expect(location()).toBe('/subscription-choice?change=true');
  });

  it('says nothing when creation fails and lets the user try again', async () => {
    const view = setup({ create: () => jsonResponse({ error: 'down' }, 500) });
    const { user, services } = view;
    await open(view);
    await user.type(screen.getByRole('textbox', { name: 'Meeting Title' }), 'Planning');
    await user.click(screen.getByRole('button', { name: 'Create Meeting' }));
    expect(await screen.findByRole('button', { name: 'Create Meeting' })).toBeTruthy();
    expect(services.toast.shown).toEqual([]);
  });
});
