import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, listPage, meeting, renderMeetingsApp } from './test-support.js';

const routes = {
  'GET /meetings/': () => jsonResponse(listPage([])),
  'GET /meetings/m1': () => jsonResponse({ meeting: meeting() }),
  'GET /meetings/m1/previous-actions': () => jsonResponse({ meetings: [] }),
};

describe('mfe-meetings ./App routes', () => {
  it('shows the meetings list where the shell mounts it', async () => {
    renderMeetingsApp(routes);
    expect(screen.getByRole('heading', { name: 'Meetings' })).toBeTruthy();
    expect(await screen.findByText('No meetings yet')).toBeTruthy();
  });

  it('opens the read-only page at /:id/readonly', async () => {
    renderMeetingsApp(routes, { route: '/app/meetings/m1/readonly' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Weekly sync' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends an unknown path back to the list', async () => {
    const { location } = renderMeetingsApp(routes, { route: '/app/meetings/m1/x/y' });
    await waitFor(() => expect(location()).toBe('/app/meetings'));
  });
});
