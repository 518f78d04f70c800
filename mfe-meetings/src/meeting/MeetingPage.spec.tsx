import { deferred } from '@meetings/shell-context/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, jsonResponse, meeting, plan, renderMeetingsApp } from '../test-support.js';

// The notes editor has its own tests; here it is there and tells a save state when clicked.
vi.mock('./notes/NotesEditor.js', () => ({
  default: ({ onSaveState }: { onSaveState: (state: 'saving') => void }) => (
    <button data-testid="notes-editor" onClick={() => onSaveState('saving')} />
  ),
}));

const agendaRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./agenda/AgendaPanel.js', async (importOriginal) =>
  (await import('@meetings/shell-context/testing')).countRenders(
    importOriginal,
    'AgendaPanel',
    agendaRenders,
  ),
);

const MEETING = 'GET /meetings/m1';

// The page is loaded lazily by the app; load it once before the clock starts on the tests.
beforeAll(() => import('./MeetingPage.js'), 30_000);

function open(
  routes: Parameters<typeof renderMeetingsApp>[0],
  options: Parameters<typeof renderMeetingsApp>[1] = {},
) {
  return renderMeetingsApp(
    { 'GET /meetings/m1/previous-actions': () => jsonResponse({ meetings: [] }), ...routes },
    { route: '/app/meetings/m1', ...options },
  );
}

const loaded =
  (extra = {}) =>
  () =>
    jsonResponse({ meeting: meeting(extra) });

describe('meeting page: variant', () => {
  it('is editable for the owner on a trial', async () => {
    open({ [MEETING]: loaded() });
    const title = (await screen.findByRole('textbox', {
      name: 'Meeting title',
    })) as HTMLInputElement;
    expect(title.value).toBe('Weekly sync');
    expect(title.placeholder).toBe('Enter meeting title...');
    expect(screen.getByRole('button', { name: 'Duplicate meeting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email to share with' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Add agenda item...' })).toBeTruthy();
    expect(await screen.findByTestId('notes-editor')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy actions' })).toBeTruthy();
  });

  it('is editable for an editor, without deleting the meeting or changing who it is shared with', async () => {
    open({
      [MEETING]: loaded({
        isOwner: false,
        role: 'editor',
        sharedWith: ['me@example.com', 'ann@example.com'],
        sharedRoles: { 'me@example.com': 'editor', 'ann@example.com': 'viewer' },
      }),
    });
    expect(await screen.findByRole('textbox', { name: 'Meeting title' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Add agenda item...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Duplicate meeting' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Email to share with' })).toBeNull();
    const shared = screen.getByRole('region', { name: 'Shared with' });
    expect(within(shared).getByText('ann@example.com')).toBeTruthy();
    expect(within(shared).getAllByText('Can view')).toHaveLength(1);
    expect(within(shared).getAllByText('Can edit')).toHaveLength(1);
  });

  it('puts the notes, with their save status, beside the actions, not above them', async () => {
    open({ [MEETING]: loaded() });
    const notes = await screen.findByRole('region', { name: 'Notes' });
    // The status is there, empty, before anything changes, so its first word is read out.
    const status = within(notes).getByRole('status');
    expect(status.textContent).toBe('');
    const actions = screen.getByRole('region', { name: 'Actions' });
    const [main, side] = [...screen.getByTestId('meeting-columns').children];
    expect(
      main!.contains(notes) && main!.contains(screen.getByRole('region', { name: 'Agenda' })),
    ).toBe(true);
    expect(side!.contains(actions)).toBe(true);
  });

  it("re-renders the notes alone for the notes' save state, not the rest of the meeting", async () => {
    open({ [MEETING]: loaded() });
    const editor = await screen.findByTestId('notes-editor');
    const notes = screen.getByRole('region', { name: 'Notes' });
    const rendersBefore = agendaRenders.count;
    fireEvent.click(editor);
    expect(within(notes).getByRole('status').textContent).toBe('Saving…');
    expect(agendaRenders.count).toBe(rendersBefore);
  });

  it.each([
    ['the owner on the free tier', { isOwner: true }, plan('free'), '/app/meetings/m1'],
    [
      'the owner whose trial has run out',
      { isOwner: true },
      plan('trial', { daysRemaining: 0 }),
      '/app/meetings/m1',
    ],
    ['someone it is shared with', { isOwner: false }, plan('paid'), '/app/meetings/m1'],
    ['/readonly, even for the owner', { isOwner: true }, plan('paid'), '/app/meetings/m1/readonly'],
  ])('is read-only for %s', async (_, extra, status, route) => {
    open(
      {
        [MEETING]: loaded({
          ...extra,
          notes: '<p>Decided <a href="https://x.org">this</a></p><script>alert(1)</script>',
        }),
      },
      { status, route },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly sync' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate meeting' })).toBeNull();
    // Date and time as fixed chips.
    expect(screen.getByText('Thursday 05/03/2026')).toBeTruthy();
    expect(
      screen.getByText(new Date('2026-03-05T10:00:00.000Z').toTimeString().slice(0, 5)),
    ).toBeTruthy();
    expect(screen.getByText('Not shared with anyone')).toBeTruthy();
    expect(screen.getByText('No agenda items for this meeting')).toBeTruthy();
    expect(screen.getByText('No actions for this meeting')).toBeTruthy();
    const notes = screen.getByTestId('notes-view');
    expect(notes.innerHTML).toBe(
      '<p>Decided <a href="https://x.org" target="_blank" rel="noopener noreferrer">this</a></p>',
    );
  });

  it('read-only: names whose meeting it is, shared people as chips, agenda as disabled checkboxes', async () => {
    open(
      {
        [MEETING]: loaded({
          isOwner: false,
          sharedWith: ['ann@example.com'],
          agenda: [{ _id: 'g1', id: 'g1', text: 'Intro', completed: true, order: 1 }],
        }),
      },
      { status: plan('trial') },
    );
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('Owner: owner@example.com')).toBeTruthy();
    const intro = screen.getByRole('checkbox', { name: 'Intro' }) as HTMLInputElement;
    expect(intro.disabled).toBe(true);
    expect(intro.checked).toBe(true);
  });
});

describe('meeting page: load states', () => {
  it('shows a spinner while loading', async () => {
    const pending = deferred();
    open({ [MEETING]: () => pending.promise });
    expect(await screen.findByLabelText('Loading meeting')).toBeTruthy();
    pending.resolve(jsonResponse({ meeting: meeting() }));
    expect(await screen.findByRole('textbox', { name: 'Meeting title' })).toBeTruthy();
  });

  it('says "Meeting not found" for an unknown meeting', async () => {
    open({
      [MEETING]: () =>
        jsonResponse(
          { statusCode: 404, code: 'MEETING_NOT_FOUND', error: 'Meeting not found', message: '' },
          404,
        ),
    });
    expect(await screen.findByText('Meeting not found')).toBeTruthy();
  });

  it('shows the error and a way to try again when loading fails', async () => {
    let fail = true;
    const { services, user } = open({
      [MEETING]: () =>
        fail ? jsonResponse({ error: 'down' }, 500) : jsonResponse({ meeting: meeting() }),
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Failed to load meeting details');
    expect(services.toast.shown).toEqual([
      { kind: 'error', title: 'Error', description: 'Failed to load meeting details' },
    ]);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Meeting title' })).toBeTruthy();
  });

  it('"Access denied": its toast, then back to the list', async () => {
    const { services, location } = open({
      [MEETING]: () =>
        jsonResponse(
          {
            statusCode: 403,
            code: 'MEETING_ACCESS_DENIED',
            error: 'Access denied',
            message: 'Access denied',
          },
          403,
        ),
      'GET /meetings/': () => jsonResponse({ meetings: [], page: 1, pageSize: 25, hasMore: false }),
    });
    await waitFor(() => expect(location()).toBe('/app/meetings'));
    expect(services.toast.shown).toEqual([
      {
        kind: 'error',
        title: 'Error',
        description: "You don't have permission to view this meeting",
      },
    ]);
  });
});

describe('meeting page: title', () => {
  it('saves 1.5 s after typing stops, once, and only when it changed', async () => {
    const { user, fetch } = open({
      [MEETING]: loaded(),
      'PUT /meetings/m1/update-info': (call) => answer(call.body as object),
    });
    const title = await screen.findByRole('textbox', { name: 'Meeting title' });
    await user.type(title, ' 2');
    const saves = () => fetch.calls.filter((c) => c.path === '/meetings/m1/update-info');
    expect(saves()).toEqual([]);
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 3000 });
    expect(saves()[0]?.body).toEqual({ title: 'Weekly sync 2' });
    // Typed back to what is stored: nothing to save.
    await user.type(title, 'x{Backspace}');
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(saves()).toHaveLength(1);
  });

  it('Enter commits at once by leaving the field', async () => {
    const { user, fetch } = open({
      [MEETING]: loaded(),
      'PUT /meetings/m1/update-info': (call) => answer(call.body as object),
    });
    const title = await screen.findByRole('textbox', { name: 'Meeting title' });
    await user.clear(title);
    await user.type(title, 'Retro{Enter}');
    expect(document.activeElement).not.toBe(title);
    await waitFor(() =>
      expect(fetch.calls.filter((c) => c.path === '/meetings/m1/update-info')).toHaveLength(1),
    );
    expect(fetch.calls.find((c) => c.path === '/meetings/m1/update-info')?.body).toEqual({
      title: 'Retro',
    });
  });
});

describe('meeting page: date and time', () => {
  it('offers 96 quarter-hour times and saves a new time with its toast', async () => {
    const { user, fetch, services } = open({
      [MEETING]: loaded({ date: new Date(2026, 2, 5, 10, 0).toISOString() }),
      'PUT /meetings/m1/update-info': (call) => answer(call.body as object),
    });
    const time = (await screen.findByRole('combobox', { name: 'Time' })) as HTMLSelectElement;
    const choices = [...time.options].filter((option) => !option.hidden).map((o) => o.value);
    expect(choices).toHaveLength(96);
    expect(choices[0]).toBe('00:00');
    expect(choices.at(-1)).toBe('23:45');
    expect(time.value).toBe('10:00');
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-03-05');
    await user.selectOptions(time, '14:45');
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        {
          kind: 'success',
          title: 'Meeting updated',
          description: 'Date and time updated successfully',
        },
      ]),
    );
    expect(fetch.calls.find((c) => c.path === '/meetings/m1/update-info')?.body).toEqual({
      date: new Date(2026, 2, 5, 14, 45).toISOString(),
    });
  });

  it('puts the date back with "Failed to update date/time" when saving fails', async () => {
    const { services } = open({
      [MEETING]: loaded({ date: new Date(2026, 2, 5, 10, 0).toISOString() }),
      'PUT /meetings/m1/update-info': () => jsonResponse({ error: 'down' }, 500),
    });
    const date = (await screen.findByLabelText('Date')) as HTMLInputElement;
    fireEvent.change(date, { target: { value: '2026-04-01' } });
    expect(date.value).toBe('2026-04-01');
    await waitFor(() =>
      expect(services.toast.shown.at(-1)).toEqual({
        kind: 'error',
        title: 'Error',
        description: 'Failed to update date/time',
      }),
    );
    expect(date.value).toBe('2026-03-05');
  });
});

describe('meeting page: the date in the product format', () => {
  it('writes the day under the native field as every screen does, and follows a change', async () => {
    open({
      [MEETING]: loaded({ date: new Date(2026, 10, 30, 10, 0).toISOString() }),
      'PUT /meetings/m1/update-info': (call) => answer(call.body as object),
    });
    const date = (await screen.findByLabelText('Date')) as HTMLInputElement;
    const described = () =>
      document.getElementById(date.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described()).toBe('Monday 30/11/2026');
    fireEvent.change(date, { target: { value: '2026-12-07' } });
    expect(described()).toBe('Monday 07/12/2026');
  });
});

describe('meeting page: a date outside 1970-2100', () => {
  it('is shown as an error where it is typed and saved only once it is valid', async () => {
    const { fetch } = open({
      [MEETING]: loaded({ date: new Date(2026, 2, 5, 10, 0).toISOString() }),
      'PUT /meetings/m1/update-info': (call) => answer(call.body as object),
    });
    const date = (await screen.findByLabelText('Date')) as HTMLInputElement;
    fireEvent.change(date, { target: { value: '0026-03-05' } });
    expect(date.value).toBe('0026-03-05');
    expect(
      await screen.findByText('The meeting date must be a real date between 1970 and 2100.'),
    ).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls.filter((c) => c.path === '/meetings/m1/update-info')).toHaveLength(0);
    fireEvent.change(date, { target: { value: '2026-03-06' } });
    await waitFor(() =>
      expect(fetch.calls.find((c) => c.path === '/meetings/m1/update-info')?.body).toEqual({
        date: new Date(2026, 2, 6, 10, 0).toISOString(),
      }),
    );
    expect(date.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('The meeting date must be a real date between 1970 and 2100.')).toBe(
      null,
    );
  });

  it('shows why the server refused a date', async () => {
    const { services } = open({
      [MEETING]: loaded({ date: new Date(2026, 2, 5, 10, 0).toISOString() }),
      'PUT /meetings/m1/update-info': () =>
        jsonResponse({ statusCode: 400, error: 'The meeting date is refused.' }, 400),
    });
    const date = (await screen.findByLabelText('Date')) as HTMLInputElement;
    fireEvent.change(date, { target: { value: '2026-04-01' } });
    await waitFor(() =>
      expect(services.toast.shown.at(-1)).toEqual({
        kind: 'error',
        title: 'Failed to update date/time',
        description: 'The meeting date is refused.',
      }),
    );
    expect(date.value).toBe('2026-03-05');
  });
});

describe('meeting page: sharing', () => {
  function setupSharing(sharedWith = ['ann@example.com']) {
    return open({
      [MEETING]: loaded({ sharedWith }),
      'PUT /meetings/m1/add-shared-user': (call) => {
        const body = call.body as { email: string; role: 'viewer' | 'editor' };
        const email = body.email.toLowerCase();
        return answer({
          sharedWith: sharedWith.includes(email) ? sharedWith : [...sharedWith, email],
          sharedRoles: { [email]: body.role },
        });
      },
      'PUT /meetings/m1/remove-shared-user': () => answer({ sharedWith: [] }),
    });
  }

  it('checks the e-mail with the three sharing messages; the error clears on typing', async () => {
    const { user, fetch } = setupSharing();
    const field = (await screen.findByRole('textbox', {
      name: 'Email to share with',
    })) as HTMLInputElement;
    expect(field.placeholder).toBe('Add email...');
    await user.type(field, '   {Enter}');
    expect(screen.getByText('Email cannot be empty.')).toBeTruthy();
    await user.type(field, 'not an email');
    expect(screen.queryByText('Email cannot be empty.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, ' ANN@example.com {Enter}');
    expect(screen.getByText('Email already shared.')).toBeTruthy();
    expect(fetch.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shares with Enter, shows the chip and its toast', async () => {
    const { user, fetch, services } = setupSharing();
    const field = (await screen.findByRole('textbox', {
      name: 'Email to share with',
    })) as HTMLInputElement;
    await user.type(field, ' bob@example.com {Enter}');
    expect(await screen.findByText('bob@example.com')).toBeTruthy();
    expect(fetch.calls.find((c) => c.path === '/meetings/m1/add-shared-user')?.body).toEqual({
      email: 'bob@example.com',
      role: 'viewer',
    });
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(services.toast.shown).toEqual([
      {
        kind: 'success',
        title: 'User added',
        description: 'bob@example.com has been added successfully.',
      },
    ]);
  });

  it("shows the server's refusal under the field (sharing with yourself)", async () => {
    const { user } = open({
      [MEETING]: loaded(),
      'PUT /meetings/m1/add-shared-user': () =>
        jsonResponse(
          {
            statusCode: 400,
            code: 'MEETING_EMAIL_IS_OWNER',
            error: 'You own this meeting; share it with someone else.',
            message: '',
          },
          400,
        ),
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Email to share with' }),
      'owner@example.com{Enter}',
    );
    expect(
      await screen.findByText('You own this meeting; share it with someone else.'),
    ).toBeTruthy();
  });

  it('says "Failed to add shared user" when sharing fails', async () => {
    const { user, services } = open({
      [MEETING]: loaded(),
      'PUT /meetings/m1/add-shared-user': () => jsonResponse({ error: 'down' }, 500),
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Email to share with' }),
      'bob@example.com{Enter}',
    );
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to add shared user' },
      ]),
    );
  });

  it('shares as an editor when chosen, and changes a role from its choice', async () => {
    const { user, fetch } = setupSharing();
    const field = await screen.findByRole('textbox', { name: 'Email to share with' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Role for the new person' }),
      'editor',
    );
    await user.type(field, 'bob@example.com{Enter}');
    await waitFor(() =>
      expect(fetch.calls.find((c) => c.path === '/meetings/m1/add-shared-user')?.body).toEqual({
        email: 'bob@example.com',
        role: 'editor',
      }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Role of ann@example.com' }),
      'editor',
    );
    await waitFor(() =>
      expect(
        fetch.calls.filter((c) => c.path === '/meetings/m1/add-shared-user').at(-1)?.body,
      ).toEqual({
        email: 'ann@example.com',
        role: 'editor',
      }),
    );
  });

  it('removes someone from the chip with its toast', async () => {
    const { user, services } = setupSharing();
    await user.click(await screen.findByRole('img', { name: 'Stop sharing with ann@example.com' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        {
          kind: 'success',
          title: 'User removed',
          description: 'Removed sharing with ann@example.com',
        },
      ]),
    );
    expect(screen.queryByText('ann@example.com')).toBeNull();
  });
});

describe('meeting page: delete', () => {
  it('asks for confirmation, deletes, says so and goes back to the list', async () => {
    const { user, services, location, fetch } = open({
      [MEETING]: loaded(),
      'DELETE /meetings/m1/delete': () => jsonResponse({ success: true }),
      'GET /meetings/': () => jsonResponse({ meetings: [], page: 1, pageSize: 25, hasMore: false }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this meeting? This action cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/app/meetings'));
    expect(fetch.calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(services.toast.shown).toEqual([
      { kind: 'success', title: 'Meeting deleted successfully', description: undefined },
    ]);
  });

  it('says "Failed to delete meeting" when that fails', async () => {
    const { user, services, location } = open({
      [MEETING]: loaded(),
      'DELETE /meetings/m1/delete': () => jsonResponse({ error: 'down' }, 500),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to delete meeting' },
      ]),
    );
    expect(location()).toBe('/app/meetings/m1');
  });
});

describe('meeting page: duplicate', () => {
  const NOW = new Date(2026, 2, 9, 14, 52, 31);

  async function openDialog(duplicate: Parameters<typeof open>[0][string]) {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const view = open({
      [MEETING]: loaded(),
      'POST /meetings/m1/duplicate': duplicate,
      'GET /meetings/m9': loaded({ _id: 'm9', id: 'm9', title: 'Weekly sync (next)' }),
      'GET /meetings/m9/previous-actions': () => jsonResponse({ meetings: [] }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Duplicate meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate meeting' });
    return { ...view, dialog: within(dialog) };
  }

  it('has the documented fields and defaults, and opens the copy', async () => {
    const { dialog, user, fetch, location } = await openDialog((call) =>
      jsonResponse({ meeting: meeting({ _id: 'm9', id: 'm9', ...(call.body as object) }) }, 201),
    );
    expect((dialog.getByRole('textbox', { name: 'Meeting Title' }) as HTMLInputElement).value).toBe(
      'Weekly sync',
    );
    expect(dialog.getByText('Date and Time')).toBeTruthy();
    expect((dialog.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-03-09');
    expect((dialog.getByRole('combobox', { name: 'Time' }) as HTMLSelectElement).value).toBe(
      '14:45',
    );
    expect(
      (dialog.getByRole('checkbox', { name: 'All shared with emails' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    expect(
      (dialog.getByRole('radio', { name: 'All agenda items' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(dialog.getByRole('radio', { name: 'Incomplete agenda items only' })).toBeTruthy();
    expect(
      (dialog.getByRole('checkbox', { name: 'Duplicate notes' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect((dialog.getByRole('radio', { name: 'None' }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByRole('radio', { name: 'Move incomplete actions' })).toBeTruthy();
    expect(dialog.getByRole('radio', { name: 'All actions' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeTruthy();

    await user.click(dialog.getByRole('radio', { name: 'Move incomplete actions' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Duplicate notes' }));
    await user.click(dialog.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(location()).toBe('/app/meetings/m9'));
    expect(fetch.calls.find((c) => c.path === '/meetings/m1/duplicate')?.body).toEqual({
      title: 'Weekly sync',
      date: new Date(2026, 2, 9, 14, 45).toISOString(),
      includeShared: false,
      agendaOption: 'all',
      includeNotes: true,
      actionsOption: 'move-incomplete',
    });
    expect(await screen.findByDisplayValue('Weekly sync (next)')).toBeTruthy();
  });

  it('says "Error accessing new meeting" when the copy has no id', async () => {
    const { dialog, user, services } = await openDialog(() =>
      jsonResponse({ meeting: { title: 'x' } }, 201),
    );
    await user.click(dialog.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Error accessing new meeting' },
      ]),
    );
  });

  it('says "Failed to duplicate meeting" when that fails', async () => {
    const { dialog, user, services } = await openDialog(() => jsonResponse({ error: 'down' }, 500));
    await user.click(dialog.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to duplicate meeting' },
      ]),
    );
  });
});
