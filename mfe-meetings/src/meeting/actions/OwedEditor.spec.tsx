import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actionItem, answer, jsonResponse, meeting, renderPanel } from '../../test-support.js';
import { SharedWith } from '../SharedWith.js';
import { ActionsPanel } from './ActionsPanel.js';

const actions = [
  actionItem('x1', 'Send the budget', 1),
  { ...actionItem('x2', 'Call Sam', 2), assignee: 'amy@example.com', dueDate: '2026-03-12' },
];
const weekly = meeting({ sharedWith: ['amy@example.com', 'bob@example.com'], actions });

function setup(routes: Parameters<typeof renderPanel>[2] = {}, initial = weekly) {
  return renderPanel(
    initial,
    (current, onChange) => (
      <>
        <SharedWith meeting={current} onChange={onChange} />
        <ActionsPanel meeting={current} onChange={onChange} />
      </>
    ),
    routes,
  );
}

const row = (text: string) => screen.getByText(text).closest('li')!;

async function openEditor(user: ReturnType<typeof setup>['user'], text: string) {
  await user.click(within(row(text)).getByRole('button', { name: 'Set assignee and due date' }));
  return screen.findByRole('dialog', { name: 'Set assignee and due date' });
}

describe('assignee and due date on the meeting page', () => {
  it('offers the owner and the shared list, and saves the one picked', async () => {
    const { user, fetch } = setup({
      'PUT /meetings/m1/update-action-item/x1': () =>
        answer({
          ...weekly,
          actions: actions.map((a) => (a.id === 'x1' ? { ...a, assignee: 'bob@example.com' } : a)),
        }),
    });
    const dialog = await openEditor(user, 'Send the budget');
    await user.click(within(dialog).getByRole('combobox', { name: 'Assignee' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['owner@example.com', 'amy@example.com', 'bob@example.com']);
    await user.click(screen.getByRole('option', { name: 'bob@example.com' }));
    expect(fetch.calls.map((call) => call.body)).toEqual([{ assignee: 'bob@example.com' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(
        within(row('Send the budget')).getByRole('img', { name: 'Assigned to bob@example.com' }),
      ).toBeTruthy(),
    );
  });

  it('assigns any address typed, lower-cased; the page says the meeting is now shared with them', async () => {
    const { user, fetch, services } = setup({
      'PUT /meetings/m1/update-action-item/x1': () =>
        answer({
          ...weekly,
          sharedWith: [...weekly.sharedWith, 'new.person@example.com'],
          actions: actions.map((a) =>
            a.id === 'x1' ? { ...a, assignee: 'new.person@example.com' } : a,
          ),
        }),
    });
    const dialog = await openEditor(user, 'Send the budget');
    await user.type(
      within(dialog).getByRole('combobox', { name: 'Assignee' }),
      ' New.Person@Example.com {Enter}',
    );
    expect(fetch.calls.map((call) => call.body)).toEqual([{ assignee: 'new.person@example.com' }]);
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        {
          kind: 'success',
          title: 'Meeting shared',
          description:
            'new.person@example.com was assigned an action and can now see this meeting.',
        },
      ]),
    );
    expect(screen.getByText('new.person@example.com', { selector: '.MuiChip-label' })).toBeTruthy();
  });

  it('refuses what is not an e-mail address, sending nothing', async () => {
    const { user, fetch } = setup();
    const dialog = await openEditor(user, 'Send the budget');
    await user.type(within(dialog).getByRole('combobox', { name: 'Assignee' }), 'bob{Enter}');
    expect(within(dialog).getByText('Enter an email address')).toBeTruthy();
    expect(fetch.calls).toEqual([]);
  });

  it('clears the assignee and the due date', async () => {
    const { user, fetch } = setup({
      'PUT /meetings/m1/update-action-item/x2': () => answer(weekly),
    });
    const dialog = await openEditor(user, 'Call Sam');
    await user.click(within(dialog).getByRole('button', { name: 'Clear assignee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear due date' }));
    expect(fetch.calls.map((call) => call.body)).toEqual([{ assignee: null }, { dueDate: null }]);
  });

  it('sets a due date from the date picker and shows it on the row', async () => {
    const { user, fetch } = setup({
      'PUT /meetings/m1/update-action-item/x1': () =>
        answer({
          ...weekly,
          actions: actions.map((a) => (a.id === 'x1' ? { ...a, dueDate: '2026-03-20' } : a)),
        }),
    });
    const dialog = await openEditor(user, 'Send the budget');
    fireEvent.change(within(dialog).getByLabelText('Due date'), {
      target: { value: '2026-03-20' },
    });
    expect(fetch.calls.map((call) => call.body)).toEqual([{ dueDate: '2026-03-20' }]);
    await waitFor(() =>
      expect(within(row('Send the budget')).getByText('Friday 20/03/2026')).toBeTruthy(),
    );
  });

  it("undoes a refused change with the server's message", async () => {
    const { user, services } = setup({
      'PUT /meetings/m1/update-action-item/x2': () =>
        jsonResponse({ statusCode: 400, message: 'The shared list is full.' }, 400),
    });
    const dialog = await openEditor(user, 'Call Sam');
    await user.click(within(dialog).getByRole('button', { name: 'Clear assignee' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'The shared list is full.' },
      ]),
    );
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(
        within(row('Call Sam')).getByRole('img', { name: 'Assigned to amy@example.com' }),
      ).toBeTruthy(),
    );
  });
});

describe('@ in the add box', () => {
  it('suggests the people; the one picked becomes the new action’s assignee, without the @word', async () => {
    const added = { ...actionItem('x3', 'Draft the plan', 3), assignee: 'bob@example.com' };
    const { user, fetch } = setup({
      'PUT /meetings/m1/add-action-item': () => answer({ ...weekly, actions: [...actions, added] }),
    });
    const box = screen.getByRole('textbox', { name: 'Add action item...' }) as HTMLInputElement;
    await user.type(box, 'Draft the plan @');
    expect(
      within(screen.getByRole('listbox', { name: 'People' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['owner@example.com', 'amy@example.com', 'bob@example.com']);
    await user.type(box, 'B');
    const suggestions = within(screen.getByRole('listbox', { name: 'People' })).getAllByRole(
      'option',
    );
    expect(suggestions.map((option) => option.textContent)).toEqual(['bob@example.com']);
    await user.keyboard('{Enter}');
    expect(box.value).toBe('Draft the plan');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('Assign to bob@example.com')).toBeTruthy();
    expect(fetch.calls).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    expect(fetch.calls[0]?.body).toEqual({
      text: 'Draft the plan',
      completed: false,
      hashtags: [],
      assignee: 'bob@example.com',
    });
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.queryByText('Assign to bob@example.com')).toBeNull();
  });

  it('closes the suggestions with Escape, leaving the @ as text', async () => {
    const { user } = setup();
    const box = screen.getByRole('textbox', { name: 'Add action item...' });
    await user.type(box, 'Ask @');
    expect(screen.getByRole('listbox', { name: 'People' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('Ask @');
  });
});
