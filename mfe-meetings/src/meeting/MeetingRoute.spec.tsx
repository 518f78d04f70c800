import { earlyRequestUrl, meetingRequest } from '@meetings/shell-context/early';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, meeting, renderMeetingsApp } from '../test-support.js';
import { isMeetingPagePath } from './MeetingRoute.js';
import type { MeetingLoadState } from './useMeetingLoad.js';

// The page's code arrives when the test says so; until then only the route (App chunk) runs.
const pageCode = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((done) => (arrive = done));
  return { arrive, arrived };
});
vi.mock('./MeetingPage.js', async () => {
  await pageCode.arrived;
  return {
    default: ({ load }: { load: MeetingLoadState }) => (
      <p>
        page with {load.state.status === 'loaded' ? load.state.meeting.title : load.state.status}
      </p>
    ),
  };
});

describe('meeting route', () => {
  it('asks for the meeting and the plan while the page code is still on its way', async () => {
    const { fetch } = renderMeetingsApp(
      { 'GET /meetings/m1': () => jsonResponse({ meeting: meeting() }) },
      { route: '/app/meetings/m1' },
    );
    await vi.waitFor(() =>
      expect(fetch.calls.map((call) => `${call.method} ${call.path}`)).toEqual(
        expect.arrayContaining(['GET /meetings/m1', 'GET /auth/subscription-status']),
      ),
    );
    expect(screen.queryByText(/page with/)).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();

    pageCode.arrive();
    expect(await screen.findByText('page with Weekly sync')).toBeTruthy();
    expect(fetch.calls.filter((call) => call.path === '/meetings/m1')).toHaveLength(1);
    // The request the shell's first load sends early, so that answer serves the page.
    expect(fetch.calls.find((call) => call.path === '/meetings/m1')?.url).toBe(
      earlyRequestUrl(meetingRequest('m1')),
    );
  });

  it.each([
    ['/app/meetings/m1', true],
    ['/app/meetings/m1/', true],
    ['/app/meetings/m1/readonly', true],
    ['/app/meetings', false],
    ['/app/meetings/', false],
    ['/app/meetings/m1/other', false],
    ['/app/actions', false],
  ])('knows %s as a meeting page: %s', (path, expected) => {
    expect(isMeetingPagePath(path)).toBe(expected);
  });
});
