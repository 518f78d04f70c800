import { screen } from '@testing-library/react';
import { serverRenderedPage } from '@meetings/shell-context/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, meeting, renderMeetingsApp } from '../test-support.js';

function deferred() {
  let answer!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { answer, route: () => response };
}

afterEach(() => {
  document.getElementById('prerendered-page')?.remove();
  document.getElementById('root')?.remove();
});

describe('the meeting page after a first load the server rendered', () => {
  it('keeps the server page (the app hidden) until the meeting is on screen, then swaps', async () => {
    const { page, root } = serverRenderedPage();
    const meetingAnswer = deferred();
    renderMeetingsApp({ 'GET /meetings/m1': meetingAnswer.route }, { route: '/app/meetings/m1' });
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(page.isConnected).toBe(true);
    expect(page.hasAttribute('data-held')).toBe(true);
    expect(root.hidden).toBe(true);

    meetingAnswer.answer(jsonResponse({ meeting: meeting() }));
    expect(await screen.findByDisplayValue('Weekly sync')).toBeTruthy();
    expect(page.isConnected).toBe(false);
    expect(root.hidden).toBe(false);
  });

  it('gives way to what the app says when the meeting cannot be shown', async () => {
    const { page, root } = serverRenderedPage();
    renderMeetingsApp(
      { 'GET /meetings/m1': () => jsonResponse({ code: 'NOT_FOUND' }, 404) },
      { route: '/app/meetings/m1' },
    );
    expect(await screen.findByText('Meeting not found')).toBeTruthy();
    expect(page.isConnected).toBe(false);
    expect(root.hidden).toBe(false);
  });
});
