import { deferred } from '@meetings/shell-context/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { drop } from '../../test-dnd.js';
import { actionItem, answer, jsonResponse, meeting, renderPanel } from '../../test-support.js';
import { ActionsPanel } from './ActionsPanel.js';
import { ReadOnlyActions } from './ReadOnlyActions.js';

vi.mock('@dnd-kit/core', async (importOriginal) =>
  (await import('../../test-dnd.js')).mockDndContext(importOriginal),
);

// Each row renders its assignee and due date editor: counting those renders counts the rows'.
const rowRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./OwedEditor.js', async (importOriginal) =>
  (await import('@meetings/shell-context/testing')).countRenders(
    importOriginal,
    'OwedEditor',
    rowRenders,
  ),
);

const actions = [
  actionItem('x1', 'Send the #budget to #finance-team', 2),
  { ...actionItem('x2', 'Book room #ops', 1, true), hashtags: [] },
  actionItem('x3', 'Call Sam', 3),
];
const weekly = meeting({ title: 'Weekly sync', date: '2026-03-05T10:00:00.000Z', actions });

function setup(routes: Parameters<typeof renderPanel>[2] = {}, initial = weekly) {
  return renderPanel(
    initial,
    (current, onChange) => <ActionsPanel meeting={current} onChange={onChange} />,
    routes,
  );
}

const texts = () =>
  within(screen.getByRole('list', { name: 'Actions' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** The body of the first call to a route (the add box also asks for hashtag suggestions). */
const sent = (fetch: { calls: { method: string; path: string; body: unknown }[] }, route: string) =>
  fetch.calls.find((call) => `${call.method} ${call.path}` === route)?.body;

const chips = () =>
  [...document.querySelectorAll('[data-hashtag]')].map((chip) => chip.textContent);

describe('actions panel', () => {
  it("shows hashtags as chips only when they are in the action's list", () => {
    setup();
    expect(texts()).toEqual(['Book room #ops', 'Send the #budget to #finance-team', 'Call Sam']);
    // #ops is not in its action's list. A shown hashtag is # plus word characters, so the
    // stored finance-team is not highlighted either.
    expect(chips()).toEqual(['#budget']);
  });

  it('adds the trimmed text with its hashtags on Enter', async () => {
    const added = actionItem('x4', 'Draft #plan', 4);
    const { user, fetch } = setup({
      'PUT /meetings/m1/add-action-item': () => answer({ actions: [...actions, added] }),
    });
    const box = screen.getByRole('textbox', { name: 'Add action item...' }) as HTMLInputElement;
    await user.type(box, '   {Enter}');
    expect(fetch.calls).toEqual([]);
    await user.type(box, ' Draft #plan {Enter}');
    await waitFor(() => expect(texts()).toContain('Draft #plan'));
    expect(sent(fetch, 'PUT /meetings/m1/add-action-item')).toEqual({
      text: 'Draft #plan',
      completed: false,
      hashtags: ['plan'],
    });
    expect(box.value).toBe('');
    expect(chips()).toContain('#plan');
  });

  it('re-renders the add box, not the rows, as its text is typed', async () => {
    const { user } = setup();
    const box = screen.getByRole('textbox', { name: 'Add action item...' }) as HTMLInputElement;
    const rendersBefore = rowRenders.count;
    await user.type(box, 'Draft the plan');
    expect(box.value).toBe('Draft the plan');
    expect(rowRenders.count).toBe(rendersBefore);
  });

  it("re-renders the edited row alone as an item's text is typed", async () => {
    const { user } = setup();
    await user.click(screen.getByText('Call Sam'));
    const edit = screen.getByRole('textbox', { name: 'Edit action item' }) as HTMLInputElement;
    const rendersBefore = rowRenders.count;
    await user.type(edit, ' and Kim');
    expect(edit.value).toBe('Call Sam and Kim');
    expect(rowRenders.count).toBe(rendersBefore);
  });

  it('says "Failed to add action item" when adding fails', async () => {
    const { user, services } = setup({
      'PUT /meetings/m1/add-action-item': () => jsonResponse({ error: 'down' }, 500),
    });
    await user.type(screen.getByRole('textbox', { name: 'Add action item...' }), 'Draft{Enter}');
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to add action item' },
      ]),
    );
  });

  it('edits with Enter, sending the new hashtags, and undoes a failed edit', async () => {
    const { user, fetch, services } = setup({
      'PUT /meetings/m1/update-action-item/x3': () => jsonResponse({ error: 'down' }, 500),
    });
    await user.click(screen.getByText('Call Sam'));
    await user.type(screen.getByRole('textbox', { name: 'Edit action item' }), ' #sales{Enter}');
    expect(sent(fetch, 'PUT /meetings/m1/update-action-item/x3')).toEqual({
      text: 'Call Sam #sales',
      hashtags: ['sales'],
    });
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to update action item' },
      ]),
    );
    expect(texts()).toContain('Call Sam');
  });

  it('ticks an action, and undoes it with "Failed to update action status" when that fails', async () => {
    const { user, fetch, services } = setup({
      'PUT /meetings/m1/update-action-item/x3': () => jsonResponse({ error: 'down' }, 500),
    });
    await user.click(screen.getByRole('checkbox', { name: 'Call Sam' }));
    expect(fetch.calls[0]?.body).toEqual({ completed: true });
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to update action status' },
      ]),
    );
    expect((screen.getByRole('checkbox', { name: 'Call Sam' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('reorders by dragging, renumbered from 1, and undoes a failed reorder', async () => {
    const pending = deferred();
    const { fetch, services } = setup({
      'PUT /meetings/m1/update-action-order': () => pending.promise,
    });
    drop('x3', 'x2');
    expect(texts()).toEqual(['Call Sam', 'Book room #ops', 'Send the #budget to #finance-team']);
    expect(fetch.calls[0]?.body).toEqual({
      actions: [
        { id: 'x3', _id: 'x3', order: 1 },
        { id: 'x2', _id: 'x2', order: 2 },
        { id: 'x1', _id: 'x1', order: 3 },
      ],
    });
    pending.resolve(jsonResponse({ error: 'down' }, 500));
    await waitFor(() =>
      expect(texts()).toEqual(['Book room #ops', 'Send the #budget to #finance-team', 'Call Sam']),
    );
    expect(services.toast.shown).toEqual([
      { kind: 'error', title: 'Error', description: 'Failed to update action order' },
    ]);
  });

  it('deletes an action with "Action item deleted" and Undo, which puts it back as it was, in its place', async () => {
    const owed = {
      ...actionItem('x1', 'Send the #budget to #finance-team', 2, true),
      assignee: 'ada@example.com',
      dueDate: '2026-03-12',
    };
    const before = [actions[1]!, owed, actions[2]!];
    const { user, services, fetch } = setup(
      {
        'DELETE /meetings/m1/delete-action-item/x1': () =>
          answer({ actions: before.filter((a) => a.id !== 'x1') }),
        'PUT /meetings/m1/restore-action-item': () =>
          answer({ actions: [actions[1]!, { ...owed, id: 'x9', _id: 'x9' }, actions[2]!] }),
      },
      meeting({ actions: before }),
    );
    const row = screen.getByText('Send the').closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Delete action item' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        {
          kind: 'success',
          title: 'Action item deleted',
          description: 'Action item removed successfully.',
          undo: expect.any(Function),
        },
      ]),
    );
    expect(texts()).toEqual(['Book room #ops', 'Call Sam']);
    services.toast.shown[0]!.undo!();
    await waitFor(() => expect(texts()).toHaveLength(3));
    expect(sent(fetch, 'PUT /meetings/m1/restore-action-item')).toEqual({
      text: 'Send the #budget to #finance-team',
      completed: true,
      order: 2,
      assignee: 'ada@example.com',
      dueDate: '2026-03-12',
    });
  });

  it('suggests the hashtags in use after # in the add box; arrows and Enter or Tab complete one', async () => {
    const { user } = setup({
      'GET /actions/hashtags': () => jsonResponse({ hashtags: ['release', 'relay'] }),
    });
    const box = screen.getByRole('textbox', { name: 'Add action item...' }) as HTMLInputElement;
    await user.type(box, 'Ship #rel');
    const list = await screen.findByRole('listbox', { name: 'Hashtags' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['#release', '#relay']);
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(box.value).toBe('Ship #release ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'and #rel');
    await screen.findByRole('listbox', { name: 'Hashtags' });
    await user.keyboard('{ArrowDown}{Tab}');
    expect(box.value).toBe('Ship #release and #relay ');
    expect(document.activeElement).toBe(box);
  });

  it('suggests hashtags while an action is edited, and a click completes one', async () => {
    const { user, fetch } = setup({
      'GET /actions/hashtags': () => jsonResponse({ hashtags: ['release'] }),
      'PUT /meetings/m1/update-action-item/x3': () => answer({ actions }),
    });
    await user.click(screen.getByText('Call Sam'));
    const edit = screen.getByRole('textbox', { name: 'Edit action item' }) as HTMLInputElement;
    await user.type(edit, ' #re');
    await user.click(await screen.findByRole('option', { name: '#release' }));
    expect(edit.value).toBe('Call Sam #release ');
    await user.keyboard('{Enter}');
    expect(sent(fetch, 'PUT /meetings/m1/update-action-item/x3')).toEqual({
      text: 'Call Sam #release',
      hashtags: ['release'],
    });
  });

  it('adds a hashtag typed out in full with Enter, without a suggestion in the way', async () => {
    const { user, fetch } = setup({
      'GET /actions/hashtags': () => jsonResponse({ hashtags: ['release'] }),
      'PUT /meetings/m1/add-action-item': () => answer({ actions }),
    });
    const box = screen.getByRole('textbox', { name: 'Add action item...' });
    await user.type(box, 'Ship #release');
    await waitFor(() => expect(fetch.calls.some((c) => c.path === '/actions/hashtags')).toBe(true));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(sent(fetch, 'PUT /meetings/m1/add-action-item')).toMatchObject({
        text: 'Ship #release',
      }),
    );
  });

  it.each([
    [
      "the server's message",
      'Only the owner can delete actions.',
      'Only the owner can delete actions.',
    ],
    ['the default text', '', 'You do not have permission to delete this action item.'],
  ])(
    'a refused delete says "Permission Denied" with %s and puts it back',
    async (_, text, shown) => {
      const { user, services } = setup({
        'DELETE /meetings/m1/delete-action-item/x3': () =>
          jsonResponse(
            {
              statusCode: 403,
              code: 'MEETING_ACTION_PERMISSION_DENIED',
              error: text,
              message: text,
            },
            403,
          ),
      });
      const row = screen.getByText('Call Sam').closest('li')!;
      await user.click(within(row).getByRole('button', { name: 'Delete action item' }));
      await waitFor(() =>
        expect(services.toast.shown).toEqual([
          { kind: 'error', title: 'Permission Denied', description: shown },
        ]),
      );
      expect(texts()).toContain('Call Sam');
    },
  );

  it('says "Failed to delete action item" for other failures', async () => {
    const { user, services } = setup({
      'DELETE /meetings/m1/delete-action-item/x3': () => jsonResponse({ error: 'down' }, 500),
    });
    const row = screen.getByText('Call Sam').closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Delete action item' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to delete action item' },
      ]),
    );
  });

  it('copies the actions: header with title and date, a line, bullets in order, no hashtags, done in ~~', async () => {
    const { user, services } = setup();
    // user-event puts a clipboard of its own on navigator.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy actions' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText).toHaveBeenCalledWith(
      [
        'Weekly sync - 05/03/2026',
        '------------------------',
        '• ~~Book room~~',
        '• Send the to',
        '• Call Sam',
      ].join('\n'),
    );
    expect(await navigator.clipboard.readText()).toContain('• Call Sam');
    expect(services.toast.shown).toEqual([
      { kind: 'success', title: 'Actions copied', description: 'Actions list copied to clipboard' },
    ]);
  });

  it('copies each action with its assignee and due date', async () => {
    const { user } = setup(
      {},
      meeting({
        title: 'Weekly sync',
        date: '2026-03-05T10:00:00.000Z',
        actions: [
          {
            ...actionItem('x1', 'Call Sam', 1),
            assignee: 'sam@example.com',
            dueDate: '2026-03-12',
          },
          { ...actionItem('x2', 'Book room', 2), dueDate: '2026-03-13' },
        ],
      }),
    );
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy actions' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]?.[0].split('\n').slice(2)).toEqual([
      '• Call Sam (sam@example.com, due Thursday 12/03/2026)',
      '• Book room (due Friday 13/03/2026)',
    ]);
  });

  it('says "Failed to copy actions to clipboard" when the clipboard refuses', async () => {
    const { user, services } = setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy actions' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to copy actions to clipboard' },
      ]),
    );
  });
});

describe('actions in the read-only variant', () => {
  function setupReadOnly(routes: Parameters<typeof renderPanel>[2] = {}, initial = weekly) {
    return renderPanel(
      initial,
      (current, onChange) => <ReadOnlyActions meeting={current} onChange={onChange} />,
      routes,
    );
  }

  it('can still be ticked', async () => {
    const { user, fetch } = setupReadOnly({
      'PUT /meetings/m1/update-action-item/x1': () =>
        answer({ actions: actions.map((a) => (a.id === 'x1' ? { ...a, completed: true } : a)) }),
    });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete action item' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Send the #budget to #finance-team' }));
    expect(fetch.calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/meetings/m1/update-action-item/x1',
        body: { completed: true },
      }),
    ]);
    expect(
      (
        screen.getByRole('checkbox', {
          name: 'Send the #budget to #finance-team',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
  });

  it("shows each action's assignee and due date, with nothing to change them", () => {
    setupReadOnly(
      {},
      meeting({
        actions: [
          {
            ...actionItem('x1', 'Call Sam', 1),
            assignee: 'sam@example.com',
            dueDate: '2020-01-06',
          },
        ],
      }),
    );
    expect(screen.getByRole('img', { name: 'Assigned to sam@example.com' }).textContent).toBe('SA');
    expect(screen.getByLabelText('Overdue, due Monday 06/01/2020')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /assignee|due date/i })).toBeNull();
  });

  it('says "No actions for this meeting" when there are none', () => {
    setupReadOnly({}, meeting({ actions: [] }));
    expect(screen.getByText('No actions for this meeting')).toBeTruthy();
  });
});
