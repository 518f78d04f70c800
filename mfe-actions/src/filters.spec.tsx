import { jsonResponse } from '@meetings/shell-context/testing';
import { SEARCH_DEBOUNCE_MS } from '@meetings/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { action, actionsPage, meeting, renderActionsPage } from './test-support.js';

// The list renders its footer each time it renders: counting those counts the list's renders.
const listRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./components/InfiniteScrollFooter.js', async (importOriginal) =>
  (await import('@meetings/shell-context/testing')).countRenders(
    importOriginal,
    'InfiniteScrollFooter',
    listRenders,
  ),
);

const page = () =>
  jsonResponse(actionsPage([meeting('m1', 'Weekly sync', [action('a1', 'Send the notes')])]));

const pressed = (name: string) =>
  screen.getByRole('button', { name }).getAttribute('aria-pressed') === 'true';

describe('actions page: who owes it and by when', () => {
  it('starts from the filters in the address, a bookmarked view', async () => {
    const { listQueries } = renderActionsPage(
      { 'GET /actions/': page },
      '/app/actions?assignee=me&due=overdue&sort=due',
    );
    await screen.findByText('Send the notes');
    expect(listQueries()).toEqual([
      {
        page: '1',
        pageSize: '25',
        showCompleted: 'false',
        assignee: 'me',
        due: 'overdue',
        sort: 'due',
      },
    ]);
    expect(pressed('Assigned to me')).toBe(true);
    expect(pressed('Overdue')).toBe(true);
    expect(pressed('Sort by due date')).toBe(true);
    expect(pressed('Due this week')).toBe(false);
    expect(pressed('No due date')).toBe(false);
  });

  it('ignores values it does not know', async () => {
    const { listQueries } = renderActionsPage(
      { 'GET /actions/': page },
      '/app/actions?assignee=bob&due=soon&sort=title',
    );
    await screen.findByText('Send the notes');
    expect(listQueries()).toEqual([{ page: '1', pageSize: '25', showCompleted: 'false' }]);
  });

  it('each chip toggles its filter and starts the list again; one due filter at a time', async () => {
    const { user, listQueries } = renderActionsPage({ 'GET /actions/': page });
    await screen.findByText('Send the notes');
    const last = () => listQueries().at(-1);

    await user.click(screen.getByRole('button', { name: 'Overdue' }));
    await waitFor(() => expect(last()).toMatchObject({ page: '1', due: 'overdue' }));
    expect(screen.getByTestId('location').textContent).toBe('/app/actions?due=overdue');
    await user.click(screen.getByRole('button', { name: 'Due this week' }));
    await waitFor(() => expect(last()).toMatchObject({ due: 'week' }));
    expect(pressed('Overdue')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'No due date' }));
    await waitFor(() => expect(last()).toMatchObject({ due: 'none' }));
    await user.click(screen.getByRole('button', { name: 'No due date' }));
    await waitFor(() => expect(last()?.due).toBeUndefined());

    await user.click(screen.getByRole('button', { name: 'Assigned to me' }));
    await waitFor(() => expect(last()).toMatchObject({ assignee: 'me' }));
    await user.click(screen.getByRole('button', { name: 'Sort by due date' }));
    await waitFor(() => expect(last()).toMatchObject({ assignee: 'me', sort: 'due' }));
    expect(screen.getByTestId('location').textContent).toBe('/app/actions?assignee=me&sort=due');
    await user.click(screen.getByRole('button', { name: 'Assigned to me' }));
    await waitFor(() => expect(last()?.assignee).toBeUndefined());
    expect(last()).toMatchObject({ sort: 'due' });
  });

  it('goes with the text search and the "Show completed" switch', async () => {
    const { user, listQueries } = renderActionsPage(
      { 'GET /actions/': page },
      '/app/actions?due=week',
    );
    await screen.findByText('Send the notes');
    await user.type(screen.getByRole('combobox', { name: 'Search actions' }), 'notes');
    await waitFor(() =>
      expect(listQueries().at(-1)).toMatchObject({ search: 'notes', due: 'week' }),
    );
    await user.click(screen.getByRole('switch', { name: 'Show completed' }));
    await waitFor(() =>
      expect(listQueries().at(-1)).toMatchObject({
        search: 'notes',
        due: 'week',
        showCompleted: 'true',
      }),
    );
  });
});

describe('actions page: the search in the address', () => {
  it('writes the settled search, the picked hashtag and "Show completed" into the address', async () => {
    const { user } = renderActionsPage({ 'GET /actions/': page });
    await screen.findByText('Send the notes');
    await user.type(screen.getByRole('combobox', { name: 'Search actions' }), 'notes');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app/actions?search=notes'),
    );
    await user.click(screen.getByRole('switch', { name: 'Show completed' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/app/actions?search=notes&completed=true',
      ),
    );
  });

  it('starts from the address: the box shows the hashtag and text, the list asks for them', async () => {
    const { listQueries } = renderActionsPage(
      { 'GET /actions/': page },
      '/app/actions?hashtag=release&search=notes&completed=true',
    );
    await screen.findByText('Send the notes');
    expect(
      (screen.getByRole('combobox', { name: 'Search actions' }) as HTMLInputElement).value,
    ).toBe('#release notes');
    expect(listQueries()).toEqual([
      { page: '1', pageSize: '25', showCompleted: 'true', search: 'notes', hashtag: 'release' },
    ]);
    expect(
      (screen.getByRole('switch', { name: 'Show completed' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('does not render the list again while the search is typed, only when it settles', async () => {
    const { listQueries } = renderActionsPage({ 'GET /actions/': page });
    await screen.findByText('Send the notes');
    const box = screen.getByRole('combobox', { name: 'Search actions' });
    const rendersBefore = listRenders.count;
    vi.useFakeTimers();
    try {
      for (const text of ['b', 'bu', 'bud', 'budg', 'budge', 'budget'])
        fireEvent.change(box, { target: { value: text } });
      expect(listRenders.count).toBe(rendersBefore);
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(listQueries().at(-1)?.search).toBe('budget'));
  });

  it('ignores a hashtag the server could not hold', async () => {
    const { listQueries } = renderActionsPage(
      { 'GET /actions/': page },
      `/app/actions?hashtag=${encodeURIComponent('a b<script>')}`,
    );
    await screen.findByText('Send the notes');
    expect(listQueries()).toEqual([{ page: '1', pageSize: '25', showCompleted: 'false' }]);
  });

  it('keeps what is typed when its own earlier search reaches the address after it', async () => {
    renderActionsPage({ 'GET /actions/': page });
    await screen.findByText('Send the notes');
    const box = () => screen.getByRole('combobox', { name: 'Search actions' }) as HTMLInputElement;
    vi.useFakeTimers();
    try {
      fireEvent.change(box(), { target: { value: 'budget' } });
      // The pause after "budget" ends and its search goes to the address, while "forecast" is
      // typed before the page has drawn that address.
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
        fireEvent.change(box(), { target: { value: 'forecast' } });
      });
      expect(box().value).toBe('forecast');
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    } finally {
      vi.useRealTimers();
    }
    expect(box().value).toBe('forecast');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app/actions?search=forecast'),
    );
  });
});
