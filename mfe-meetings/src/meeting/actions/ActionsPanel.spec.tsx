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
    expect(fetch.calls[0]?.body).toEqual({
      text: 'Draft #plan',
      completed: false,
      hashtags: ['plan'],
    });
    expect(box.value).toBe('');
    expect(chips()).toContain('#plan');
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
    expect(fetch.calls[0]?.body).toEqual({ text: 'Call Sam #sales', hashtags: ['sales'] });
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

  it('deletes an action with "Action item deleted"', async () => {
    const { user, services } = setup({
      'DELETE /meetings/m1/delete-action-item/x3': () =>
        answer({ actions: actions.filter((a) => a.id !== 'x3') }),
    });
    const row = screen.getByText('Call Sam').closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Delete action item' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        {
          kind: 'success',
          title: 'Action item deleted',
          description: 'Action item removed successfully.',
        },
      ]),
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
