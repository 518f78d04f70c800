import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../router.js';
import { createTestServices, fakeApi, jsonResponse, renderWithShell } from '../testing.js';
import { ActionRow } from './ActionRow.js';

describe('ActionRow', () => {
  it("shows a hashtag as a chip only when it is in the action's list, linking to its actions", () => {
    const { container } = render(
      <ActionRow
        action={{ text: 'Ship #release to #ops today', completed: false, hashtags: ['release'] }}
      />,
      { wrapper: MemoryRouter },
    );
    const chips = [...container.querySelectorAll('[data-hashtag]')].map((c) => c.textContent);
    expect(chips).toEqual(['#release']);
    expect(container.textContent).toBe('Ship #release to #ops today');
    expect(screen.getByRole('link', { name: '#release' }).getAttribute('href')).toBe(
      '/app/actions?hashtag=release',
    );
  });

  it('strikes a completed action through and reports a tick', async () => {
    const onToggle = vi.fn();
    render(
      <ActionRow
        action={{ text: 'Done thing', completed: true, hashtags: [] }}
        onToggle={onToggle}
      />,
    );
    const text = screen.getByText('Done thing').closest('.MuiBox-root')!.parentElement!;
    expect(getComputedStyle(text).textDecoration).toContain('line-through');
    const box = screen.getByRole('checkbox', { name: 'Done thing' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(box);
    expect(onToggle).toHaveBeenCalledWith(false);
  });

  it('strikes the hashtag chips of a completed action through as well', () => {
    const { container, rerender } = render(
      <ActionRow action={{ text: 'Send #notes', completed: true, hashtags: ['notes'] }} />,
      { wrapper: MemoryRouter },
    );
    const label = () => container.querySelector('[data-hashtag] .MuiChip-label')!;
    expect(getComputedStyle(label()).textDecoration).toContain('line-through');
    rerender(<ActionRow action={{ text: 'Send #notes', completed: false, hashtags: ['notes'] }} />);
    expect(getComputedStyle(label()).textDecoration).not.toContain('line-through');
  });

  it('is read-only without a toggle handler', () => {
    render(<ActionRow action={{ text: 'Look only', completed: false, hashtags: [] }} />);
    expect((screen.getByRole('checkbox', { name: 'Look only' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});

describe('ActionRow: assignee and due date', () => {
  beforeEach(() => {
    // Midday, so the day is the same in the zone the tests run in.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T12:00:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const row = (extra: { assignee?: string | null; dueDate?: string | null }, completed = false) =>
    render(<ActionRow action={{ text: 'Call Sam', completed, hashtags: [], ...extra }} />);

  it('shows neither when unset', () => {
    const { container } = row({ assignee: null, dueDate: null });
    expect(container.querySelector('[data-assignee], [data-due]')).toBeNull();
    expect(container.textContent).toBe('Call Sam');
  });

  it("shows the assignee's initials, and the address on hover", async () => {
    row({ assignee: 'bob.smith@example.com' });
    const avatar = screen.getByRole('img', { name: 'Assigned to bob.smith@example.com' });
    expect(avatar.textContent).toBe('BO');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(avatar);
    expect((await screen.findByRole('tooltip')).textContent).toBe('bob.smith@example.com');
    await userEvent.unhover(avatar);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // Reachable by keyboard: MUI opens the tooltip on a visible focus, which jsdom cannot tell.
    await userEvent.tab();
    expect(document.activeElement).toBe(avatar);
  });

  it.each([
    ['2026-03-04', 'overdue', 'Overdue, due Wednesday 04/03/2026', 'Wednesday 04/03/2026'],
    ['2026-03-05', 'today', 'Due today, Thursday 05/03/2026', 'Thursday 05/03/2026'],
    ['2026-03-06', 'upcoming', 'Due Friday 06/03/2026', 'Friday 06/03/2026'],
  ])('shows the due date %s as %s', (dueDate, state, label, shown) => {
    const { container } = row({ dueDate });
    const due = container.querySelector<HTMLElement>('[data-due]')!;
    expect(due.dataset.due).toBe(state);
    expect(due.getAttribute('aria-label')).toBe(label);
    expect(due.textContent).toBe(shown);
  });

  it('shows an overdue date in the error colour, but not once the action is done', () => {
    const { container, rerender } = row({ dueDate: '2026-03-01' });
    const due = () => container.querySelector<HTMLElement>('[data-due]')!;
    const overdueColour = getComputedStyle(due()).color;
    rerender(
      <ActionRow
        action={{ text: 'Call Sam', completed: false, hashtags: [], dueDate: '2026-03-09' }}
      />,
    );
    expect(getComputedStyle(due()).color).not.toBe(overdueColour);
    rerender(
      <ActionRow
        action={{ text: 'Call Sam', completed: true, hashtags: [], dueDate: '2026-03-01' }}
      />,
    );
    expect(due().dataset.due).toBe('upcoming');
  });
});

describe('ActionRow: the day moves on', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('judges a date due tomorrow as due today once midnight has passed, without a reload', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-03-05T23:59:30'));
    const action = (text: string) => ({
      text,
      completed: false,
      hashtags: [],
      dueDate: '2026-03-06',
    });
    const { container } = render(
      <>
        <ActionRow action={action('Call Sam')} />
        <ActionRow action={action('Book the room')} />
      </>,
    );
    const states = () =>
      [...container.querySelectorAll<HTMLElement>('[data-due]')].map((due) => due.dataset.due);
    expect(states()).toEqual(['upcoming', 'upcoming']);
    act(() => vi.advanceTimersByTime(60_000));
    expect(states()).toEqual(['today', 'today']);
  });
});

describe("ActionRow: today is the user's", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    // At 12:00 UTC on 5 March it is already 6 March at UTC+14 and still 5 March at UTC-11.
    ['Pacific/Kiritimati', 'overdue'],
    ['Pacific/Pago_Pago', 'today'],
  ])('judges a date due on 5 March in %s as %s', async (timeZone, state) => {
    const fetch = fakeApi({
      'GET /auth/status': () => jsonResponse({ authenticated: true, timeZone }),
    });
    const services = createTestServices({ fetch });
    await services.auth.status();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T12:00:00Z'));
    const { container } = renderWithShell(
      <ActionRow
        action={{ text: 'Call Sam', completed: false, hashtags: [], dueDate: '2026-03-05' }}
      />,
      { services },
    );
    expect(container.querySelector<HTMLElement>('[data-due]')?.dataset.due).toBe(state);
  });
});
