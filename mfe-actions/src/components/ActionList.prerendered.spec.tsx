import { screen } from '@testing-library/react';
import { jsonResponse, serverRenderedPage } from '@meetings/shell-context/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { action, actionsPage, meeting, renderActionsPage } from '../test-support.js';

afterEach(() => {
  document.getElementById('prerendered-page')?.remove();
  document.getElementById('root')?.remove();
});

describe('the actions page after a first load the server rendered', () => {
  it('keeps the server page (the app hidden) until the list has its first page', async () => {
    const { page, root } = serverRenderedPage();
    let answer!: (response: Response) => void;
    const first = new Promise<Response>((resolve) => (answer = resolve));
    renderActionsPage({ 'GET /actions/': () => first });
    expect(await screen.findByRole('heading', { name: 'Actions' })).toBeTruthy();
    expect(page.isConnected).toBe(true);
    expect(root.hidden).toBe(true);

    answer(jsonResponse(actionsPage([meeting('m1', 'Weekly sync', [action('a1', 'Send notes')])])));
    expect(await screen.findByText('Send notes')).toBeTruthy();
    expect(page.isConnected).toBe(false);
    expect(root.hidden).toBe(false);
  });

  it('gives way when the first page fails or is empty', async () => {
    const failing = serverRenderedPage();
    const view = renderActionsPage({ 'GET /actions/': () => jsonResponse({}, 500) });
    await screen.findByRole('button', { name: 'Try again' });
    expect(failing.page.isConnected).toBe(false);
    view.unmount();

    const empty = serverRenderedPage();
    renderActionsPage({ 'GET /actions/': () => jsonResponse(actionsPage([])) });
    await screen.findByText('No more actions to load.');
    expect(empty.page.isConnected).toBe(false);
    expect(empty.root.hidden).toBe(false);
  });
});
