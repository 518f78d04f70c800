import { deferred } from '@meetings/shell-context/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { drop, startDrag } from '../../test-dnd.js';
import {
  agendaItem,
  answer,
  jsonResponse,
  meeting,
  renderPanel,
  touchScreen,
} from '../../test-support.js';
import { AgendaPanel } from './AgendaPanel.js';

vi.mock('@dnd-kit/core', async (importOriginal) =>
  (await import('../../test-dnd.js')).mockDndContext(importOriginal),
);

const BASE = 'PUT /meetings/m1';
const items = [
  agendaItem('a', 'Welcome', 2),
  agendaItem('b', 'Budget', 0),
  agendaItem('c', 'Risks', 3, true),
  { ...agendaItem('d', 'AOB', 0), order: undefined as unknown as number },
];

function setup(routes: Parameters<typeof renderPanel>[2] = {}, agenda = items) {
  return renderPanel(
    meeting({ agenda }),
    (current, onChange) => <AgendaPanel meeting={current} onChange={onChange} />,
    routes,
  );
}

const texts = () =>
  within(screen.getByRole('list', { name: 'Agenda' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('agenda panel', () => {
  it('shows items sorted by order, a missing order counting as 0, completed struck through', () => {
    setup();
    expect(texts()).toEqual(['Budget', 'AOB', 'Welcome', 'Risks']);
    const risks = screen.getByRole('checkbox', { name: 'Risks' }) as HTMLInputElement;
    expect(risks.checked).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Drag to reorder: / })).toHaveLength(4);
    // Each handle names its item and tells a screen reader how to move it by keyboard.
    const handle = screen.getByRole('button', { name: 'Drag to reorder: AOB' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    expect(
      document.getElementById(handle.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toContain('press Space or Enter, then the up and down arrow keys');
    expect(screen.getAllByRole('button', { name: 'Delete agenda item' })).toHaveLength(4);
  });

  it('adds the trimmed text with Enter, as an open item, and clears the box', async () => {
    const { user, fetch } = setup({
      [`${BASE}/add-agenda-item`]: () =>
        answer({ agenda: [...items, agendaItem('e', 'Next steps', 4)] }),
    });
    const box = screen.getByRole('textbox', { name: 'Add agenda item...' }) as HTMLInputElement;
    expect(box.placeholder).toBe('Add agenda item...');
    await user.type(box, '   {Enter}');
    expect(fetch.calls).toHaveLength(0);
    await user.type(box, '  Next steps {Enter}');
    await waitFor(() => expect(texts()).toContain('Next steps'));
    expect(fetch.calls[0]?.body).toEqual({ text: 'Next steps', completed: false });
    expect(box.value).toBe('');
  });

  it('keeps the text and says "Failed to add agenda item" when adding fails', async () => {
    const { user, services } = setup({
      [`${BASE}/add-agenda-item`]: () => jsonResponse({ error: 'down' }, 500),
    });
    const box = screen.getByRole('textbox', { name: 'Add agenda item...' }) as HTMLInputElement;
    await user.type(box, 'Next steps');
    await user.click(screen.getByRole('button', { name: 'Add agenda item' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to add agenda item' },
      ]),
    );
    expect(box.value).toBe('Next steps');
  });

  it('edits one item at a time: click the text, Enter saves the trimmed text', async () => {
    const pending = deferred();
    const { user, fetch } = setup({ [`${BASE}/update-agenda-item/b`]: () => pending.promise });
    await user.click(screen.getByText('Budget'));
    const editor = screen.getByRole('textbox', { name: 'Edit agenda item' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    // Clicking another item's text moves the edit there.
    await user.click(screen.getByText('Welcome'));
    expect(screen.getAllByRole('textbox', { name: 'Edit agenda item' })).toHaveLength(1);
    expect(
      (screen.getByRole('textbox', { name: 'Edit agenda item' }) as HTMLInputElement).value,
    ).toBe('Welcome');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Edit agenda item' })).toBeNull();
    expect(editor.isConnected).toBe(false);

    await user.click(screen.getByText('Budget'));
    const field = screen.getByRole('textbox', { name: 'Edit agenda item' });
    await user.clear(field);
    await user.type(field, '   {Enter}');
    // Empty: nothing happens and the edit stays open.
    expect(screen.getByRole('textbox', { name: 'Edit agenda item' })).toBeTruthy();
    await user.type(field, ' Budget 2027 {Enter}');
    expect(screen.queryByRole('textbox', { name: 'Edit agenda item' })).toBeNull();
    expect(texts()).toContain('Budget 2027');
    expect(fetch.calls).toEqual([
      expect.objectContaining({
        path: '/meetings/m1/update-agenda-item/b',
        body: { text: 'Budget 2027' },
      }),
    ]);
    pending.resolve(
      answer({ agenda: items.map((i) => (i.id === 'b' ? { ...i, text: 'Budget 2027' } : i)) }),
    );
  });

  it('puts the text back and says "Failed to update agenda item" when an edit fails', async () => {
    const { user, services } = setup({
      [`${BASE}/update-agenda-item/b`]: () => jsonResponse({ error: 'down' }, 500),
    });
    await user.click(screen.getByText('Budget'));
    await user.type(screen.getByRole('textbox', { name: 'Edit agenda item' }), ' cuts{Enter}');
    await waitFor(() => expect(texts()).toContain('Budget'));
    expect(texts()).not.toContain('Budget cuts');
    expect(services.toast.shown.at(-1)).toEqual({
      kind: 'error',
      title: 'Error',
      description: 'Failed to update agenda item',
    });
  });

  it('a drag ends the edit', async () => {
    const { user } = setup();
    await user.click(screen.getByText('Budget'));
    startDrag('a');
    expect(screen.queryByRole('textbox', { name: 'Edit agenda item' })).toBeNull();
  });

  it('ticks an item and undoes the tick when the save fails', async () => {
    const { user, fetch, services } = setup({
      [`${BASE}/update-agenda-item/a`]: () => jsonResponse({ error: 'down' }, 500),
    });
    const box = screen.getByRole('checkbox', { name: 'Welcome' }) as HTMLInputElement;
    await user.click(box);
    expect(fetch.calls[0]?.body).toEqual({ completed: true });
    await waitFor(() => expect(services.toast.shown).toHaveLength(1));
    expect((screen.getByRole('checkbox', { name: 'Welcome' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('a drop on another item takes its place and renumbers 1..n', async () => {
    const pending = deferred();
    const { fetch } = setup({ [`${BASE}/update-agenda-order`]: () => pending.promise });
    drop('c', 'b');
    expect(texts()).toEqual(['Risks', 'Budget', 'AOB', 'Welcome']);
    expect(fetch.calls[0]?.body).toEqual({
      agenda: [
        { _id: 'c', order: 1 },
        { _id: 'b', order: 2 },
        { _id: 'd', order: 3 },
        { _id: 'a', order: 4 },
      ],
    });
    pending.resolve(answer({ agenda: items }));
  });

  it('a drop on itself or outside the list does nothing', () => {
    const { fetch } = setup();
    drop('a', 'a');
    drop('a', null);
    expect(fetch.calls).toEqual([]);
    expect(texts()).toEqual(['Budget', 'AOB', 'Welcome', 'Risks']);
  });

  it('puts the order back and says "Failed to update agenda order" when the save fails', async () => {
    const { services } = setup({
      [`${BASE}/update-agenda-order`]: () => jsonResponse({ error: 'down' }, 500),
    });
    drop('b', 'c');
    expect(texts()).toEqual(['AOB', 'Welcome', 'Risks', 'Budget']);
    await waitFor(() => expect(texts()).toEqual(['Budget', 'AOB', 'Welcome', 'Risks']));
    expect(services.toast.shown).toEqual([
      { kind: 'error', title: 'Error', description: 'Failed to update agenda order' },
    ]);
  });

  it('deletes an item with "Agenda item deleted" and Undo, which puts it back ticked, in its place', async () => {
    const restored = [...items.filter((i) => i.id !== 'c'), agendaItem('c2', 'Risks', 4, true)];
    const { user, services, fetch } = setup({
      'DELETE /meetings/m1/delete-agenda-item/c': () =>
        answer({ agenda: items.filter((i) => i.id !== 'c') }),
      [`${BASE}/restore-agenda-item`]: () => answer({ agenda: restored }),
    });
    const row = screen.getByText('Risks').closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Delete agenda item' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        {
          kind: 'success',
          title: 'Agenda item deleted',
          description: 'Agenda item removed successfully.',
          undo: expect.any(Function),
        },
      ]),
    );
    expect(texts()).not.toContain('Risks');
    services.toast.shown[0]!.undo!();
    await waitFor(() => expect(texts()).toEqual(['Budget', 'AOB', 'Welcome', 'Risks']));
    expect(fetch.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/meetings/m1/restore-agenda-item',
      body: { text: 'Risks', completed: true, order: 4 },
    });
    expect((screen.getByRole('checkbox', { name: 'Risks' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('says "Failed to restore agenda item" when Undo fails', async () => {
    const { user, services } = setup({
      'DELETE /meetings/m1/delete-agenda-item/a': () =>
        answer({ agenda: items.filter((i) => i.id !== 'a') }),
      [`${BASE}/restore-agenda-item`]: () => jsonResponse({ error: 'down' }, 500),
    });
    const row = screen.getByText('Welcome').closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Delete agenda item' }));
    await waitFor(() => expect(services.toast.shown).toHaveLength(1));
    services.toast.shown[0]!.undo!();
    await waitFor(() =>
      expect(services.toast.shown.at(-1)).toEqual({
        kind: 'error',
        title: 'Error',
        description: 'Failed to restore agenda item',
      }),
    );
    expect(texts()).not.toContain('Welcome');
  });

  it('keeps the focus in the add box, so "item, Enter, item, Enter" adds both in order', async () => {
    let agenda = items;
    const { user, fetch } = setup({
      [`${BASE}/add-agenda-item`]: (call) => {
        const text = (call.body as { text: string }).text;
        agenda = [...agenda, agendaItem(`n${agenda.length}`, text, agenda.length + 1)];
        return answer({ agenda });
      },
    });
    const box = screen.getByRole('textbox', { name: 'Add agenda item...' });
    await user.click(box);
    await user.keyboard('Minutes{Enter}Next steps{Enter}');
    await waitFor(() => expect(texts().slice(-2)).toEqual(['Minutes', 'Next steps']));
    expect(fetch.calls.map((call) => (call.body as { text: string }).text)).toEqual([
      'Minutes',
      'Next steps',
    ]);
    expect(document.activeElement).toBe(box);
  });

  it('on a touch screen puts delete in a visible ⋯ menu per row instead of a hidden button', async () => {
    touchScreen();
    const { user, services } = setup({
      'DELETE /meetings/m1/delete-agenda-item/d': () =>
        answer({ agenda: items.filter((i) => i.id !== 'd') }),
    });
    expect(screen.queryByRole('button', { name: 'Delete agenda item' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Agenda item options: AOB' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete agenda item' }));
    await waitFor(() => expect(texts()).toEqual(['Budget', 'Welcome', 'Risks']));
    expect(services.toast.shown[0]).toMatchObject({ title: 'Agenda item deleted' });
  });

  it('puts a deleted item back with "Failed to delete agenda item" when the delete fails', async () => {
    const { user, services } = setup({
      'DELETE /meetings/m1/delete-agenda-item/a': () => jsonResponse({ error: 'down' }, 500),
    });
    const row = screen.getByText('Welcome').closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Delete agenda item' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to delete agenda item' },
      ]),
    );
    expect(texts()).toEqual(['Budget', 'AOB', 'Welcome', 'Risks']);
  });
});
