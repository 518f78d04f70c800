import { jsonResponse } from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { action, actionsPage, meeting, renderActionsPage } from '../test-support.js';

/** The server's known tags; it answers every fragment with all of them, so the client filters. */
const KNOWN = ['urgent', 'Surge', 'ops', 'release-2'];

function setup(known: string[] = KNOWN) {
  const page = renderActionsPage({
    'GET /actions/': () => jsonResponse(actionsPage([meeting('m1', 'Sync', [action('a1')])])),
    'GET /actions/hashtags': () => jsonResponse({ hashtags: known }),
  });
  const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'Search actions' });
  const options = () => screen.queryAllByRole('option').map((option) => option.textContent ?? '');
  const hashtagQueries = () =>
    page.fetch.calls.filter((call) => call.path === '/actions/hashtags').map((c) => c.query);
  return { ...page, box, options, hashtagQueries };
}

describe('actions search: hashtag autocomplete', () => {
  it('suggests known hashtags that contain the text after the last #, ignoring case', async () => {
    const { user, box, options, hashtagQueries } = setup();
    await user.type(box, 'plan');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');

    await user.type(box, ' #URG');
    await waitFor(() => expect(options()).toEqual(['#urgent', '#Surge']));
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(hashtagQueries().at(-1)).toEqual({ q: 'urg', limit: '10' });

    await user.type(box, 'en');
    await waitFor(() => expect(options()).toEqual(['#urgent']));
  });

  it('Enter picks the first: its #tag filters by hashtag and the rest of the box is the text search', async () => {
    const { user, box, options, listQueries } = setup();
    await user.type(box, 'review #ur');
    await waitFor(() => expect(options()).toEqual(['#urgent', '#Surge']));
    await user.keyboard('{Enter}');

    expect(box.value).toBe('review #urgent ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({
        page: '1',
        pageSize: '25',
        search: 'review',
        hashtag: 'urgent',
        showCompleted: 'false',
      }),
    );
    expect(screen.getByText('Filtered by #urgent')).toBeTruthy();

    // Taking the #tag out of the box drops the hashtag filter.
    await user.clear(box);
    await user.type(box, 'review');
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({
        page: '1',
        pageSize: '25',
        search: 'review',
        showCompleted: 'false',
      }),
    );
    expect(screen.queryByText('Filtered by #urgent')).toBeNull();
  });

  it('the arrow keys move the highlight that Enter picks, and a click picks too', async () => {
    const { user, box, options, listQueries } = setup();
    await user.type(box, '#');
    await waitFor(() => expect(options()).toEqual(KNOWN.map((tag) => `#${tag}`)));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('#ops');
    await user.keyboard('{Enter}');
    expect(box.value).toBe('#ops ');

    await user.clear(box);
    await user.type(box, '#rel');
    await user.click(await screen.findByRole('option', { name: '#release-2' }));
    expect(box.value).toBe('#release-2 ');
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ hashtag: 'release-2' }));
    expect(listQueries().at(-1)?.search).toBeUndefined();
  });

  it('Escape closes the list until the text changes', async () => {
    const { user, box, options } = setup();
    await user.type(box, '#o');
    await waitFor(() => expect(options()).toEqual(['#ops']));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('#o');
    await user.type(box, 'p');
    await waitFor(() => expect(options()).toEqual(['#ops']));
  });

  it('says "No hashtags found." when no known hashtag matches', async () => {
    const { user, box } = setup([]);
    await user.type(box, 'notes #zz');
    expect(await screen.findByText('No hashtags found.')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter with nothing to pick searches at once.
    await user.keyboard('{Enter}');
    expect(box.value).toBe('notes #zz');
  });
});
