import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SeriesCopy } from '../../texts.js';
import { answer, jsonResponse, meeting, renderPanel } from '../../test-support.js';
import { SeriesControls } from './SeriesControls.js';

// Thursday 5 March 2026, 10:00 UTC: the first Thursday of the month.
const base = meeting();

function render(routes: Parameters<typeof renderPanel>[2] = {}, initial = base) {
  return renderPanel(
    initial,
    (current, onChange) => (
      <>
        <SeriesControls meeting={current} onChange={onChange} />
        <output data-testid="rule">{current.recurrence ?? 'none'}</output>
      </>
    ),
    routes,
  );
}

const repeats = () => screen.getByLabelText(SeriesCopy.repeats) as HTMLSelectElement;

describe('the Repeats control', () => {
  it('offers the meeting day’s rules and saves the one picked', async () => {
    const { user, fetch } = render({
      'PUT /meetings/m1/update-info': (call) =>
        answer({ recurrence: (call.body as { recurrence: string }).recurrence }),
    });
    expect([...repeats().options].map((option) => option.textContent)).toEqual([
      SeriesCopy.doesNotRepeat,
      'Weekly on Thursday',
      'Every 2 weeks',
      'Monthly on the first Thursday',
      SeriesCopy.custom,
    ]);
    await user.selectOptions(repeats(), 'weekly');
    await waitFor(() =>
      expect(screen.getByTestId('rule').textContent).toBe('FREQ=WEEKLY;BYDAY=TH'),
    );
    expect(fetch.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      recurrence: 'FREQ=WEEKLY;BYDAY=TH',
    });
    expect(screen.getByRole('button', { name: SeriesCopy.nextMeeting })).toBeTruthy();
  });

  it('a custom rule the server refuses shows why and keeps the meeting as it was', async () => {
    const { user } = render({
      'PUT /meetings/m1/update-info': () =>
        jsonResponse(
          { statusCode: 400, error: 'The repeat rule is not valid (FREQ must be …)' },
          400,
        ),
    });
    await user.selectOptions(repeats(), 'custom');
    await user.type(screen.getByLabelText(SeriesCopy.customRule), 'FREQ=HOURLY');
    await user.click(screen.getByRole('button', { name: SeriesCopy.applyRule }));
    expect(await screen.findByText(/The repeat rule is not valid/)).toBeTruthy();
    expect(screen.getByTestId('rule').textContent).toBe('none');
    expect(screen.queryByRole('button', { name: SeriesCopy.nextMeeting })).toBeNull();
  });

  it('saves the duration picked', async () => {
    const { user, fetch } = render({
      'PUT /meetings/m1/update-info': () => answer({ durationMinutes: 75 }),
    });
    await user.selectOptions(screen.getByLabelText(SeriesCopy.duration), '75');
    await waitFor(() =>
      expect(fetch.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        durationMinutes: 75,
      }),
    );
  });

  it('"Next meeting" opens the next occurrence', async () => {
    const { user, fetch } = render(
      {
        'POST /meetings/m1/next-occurrence': () =>
          jsonResponse({ meeting: meeting({ _id: 'm2', id: 'm2' }) }, 201),
      },
      meeting({ recurrence: 'FREQ=WEEKLY;BYDAY=TH' }),
    );
    expect(repeats().value).toBe('weekly');
    await user.click(screen.getByRole('button', { name: SeriesCopy.nextMeeting }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app/meetings/m2'),
    );
    expect(fetch.calls.filter((call) => call.path === '/meetings/m1/next-occurrence')).toHaveLength(
      1,
    );
    expect(screen.getByRole('link', { name: SeriesCopy.addToCalendar }).getAttribute('href')).toBe(
      '/api/meetings/m1/calendar.ics',
    );
  });
});
