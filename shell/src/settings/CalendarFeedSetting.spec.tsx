import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CalendarFeedSetting, CalendarFeedTexts } from './CalendarFeedSetting.js';

const FIRST = 'https://minutes.example/api/calendar/feed/first/meetings.ics';
const SECOND = 'https://minutes.example/api/calendar/feed/second/meetings.ics';

function setup(routes: Parameters<typeof fakeApi>[0]) {
  const fetch = fakeApi(routes);
  const services = createTestServices({ fetch });
  renderWithShell(<CalendarFeedSetting />, {
    route: '/app/settings',
    path: '/app/settings',
    services,
  });
  return { fetch, services };
}

const field = () => screen.findByLabelText(CalendarFeedTexts.label) as Promise<HTMLInputElement>;

describe('the calendar feed setting', () => {
  it('shows the feed address and copies it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { services } = setup({ 'GET /calendar/feed-url': () => jsonResponse({ url: FIRST }) });
    await waitFor(async () => expect((await field()).value).toBe(FIRST));
    await userEvent.click(screen.getByRole('button', { name: CalendarFeedTexts.copy }));
    expect(writeText).toHaveBeenCalledWith(FIRST);
    expect(services.toast.shown).toContainEqual(
      expect.objectContaining({ kind: 'success', title: CalendarFeedTexts.copied }),
    );
  });

  it('"Reset link" replaces the address', async () => {
    const { fetch } = setup({
      'GET /calendar/feed-url': () => jsonResponse({ url: FIRST }),
      'POST /calendar/feed-url/rotate': () => jsonResponse({ url: SECOND }),
    });
    await waitFor(async () => expect((await field()).value).toBe(FIRST));
    await userEvent.click(screen.getByRole('button', { name: CalendarFeedTexts.reset }));
    await waitFor(async () => expect((await field()).value).toBe(SECOND));
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says so when the address cannot be loaded, and offers nothing to copy', async () => {
    setup({ 'GET /calendar/feed-url': () => jsonResponse({ error: 'down' }, 503) });
    expect(await screen.findByText(CalendarFeedTexts.loadFailed)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: CalendarFeedTexts.copy }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
