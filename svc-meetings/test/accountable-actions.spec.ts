import {
  MAX_SHARED_WITH,
  Subjects,
  ValidationMessages,
  type ActionItem,
  type Meeting,
  type PreviousActionsResponse,
} from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

// An action's assignee and due date, who may set them, and what assigning shares.

let h: Harness;
let ownerUser: TestUser;
let owner: Client;
let viewerUser: TestUser;
let viewer: Client;
let stranger: Client;
beforeAll(async () => {
  h = await Harness.start();
  ownerUser = testUser();
  owner = h.as(ownerUser);
  viewerUser = testUser();
  viewer = h.as(viewerUser);
  stranger = h.as(testUser());
});
afterAll(async () => {
  await h?.close();
});

const addAction = (client: Client, id: string, body: Record<string, unknown>) =>
  client.put(`/api/meetings/${id}/add-action-item`, body);
const updateAction = (client: Client, id: string, itemId: string, body: unknown) =>
  client.put(`/api/meetings/${id}/update-action-item/${itemId}`, body);

async function meetingWithAction(
  options: { shared?: boolean } = {},
): Promise<{ id: string; action: ActionItem }> {
  const { id } = await owner.create();
  if (options.shared)
    await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email: viewerUser.email });
  const meeting = await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
    text: 'Send the minutes',
  });
  return { id, action: meeting.actions[0]! };
}

describe('assignee and due date of an action', () => {
  it('are null on a new action unless given, and appear on the meeting', async () => {
    const { id, action } = await meetingWithAction();
    expect(action).toMatchObject({ assignee: null, dueDate: null });
    const added = await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
      text: 'Book the room',
      assignee: '  Ada@Example.COM ',
      dueDate: '2026-03-31',
    });
    expect(added.actions[1]).toMatchObject({
      text: 'Book the room',
      assignee: 'ada@example.com',
      dueDate: '2026-03-31',
    });
    expect((await owner.meeting(id)).actions[1]).toMatchObject({
      assignee: 'ada@example.com',
      dueDate: '2026-03-31',
    });
  });

  it('can be set alone by an update, and null clears each of them', async () => {
    const { id, action } = await meetingWithAction();
    const set = await owner.change('PUT', `/api/meetings/${id}/update-action-item/${action.id}`, {
      assignee: 'grace@example.org',
      dueDate: '2024-02-29',
    });
    expect(set.actions[0]).toMatchObject({
      text: 'Send the minutes',
      completed: false,
      assignee: 'grace@example.org',
      dueDate: '2024-02-29',
    });
    const undated = await owner.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${action.id}`,
      { dueDate: null },
    );
    expect(undated.actions[0]).toMatchObject({ assignee: 'grace@example.org', dueDate: null });
    const cleared = await owner.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${action.id}`,
      { assignee: null },
    );
    expect(cleared.actions[0]).toMatchObject({ assignee: null, dueDate: null });
  });

  it('survive a text edit and a tick', async () => {
    const { id, action } = await meetingWithAction();
    await updateAction(owner, id, action.id, { assignee: ownerUser.email, dueDate: '2026-12-01' });
    const edited = await owner.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${action.id}`,
      { text: 'Send the minutes #ops', completed: true },
    );
    expect(edited.actions[0]).toMatchObject({
      completed: true,
      hashtags: ['ops'],
      assignee: ownerUser.email,
      dueDate: '2026-12-01',
    });
  });

  it.each([
    [{ dueDate: '2026-02-30' }, 'dueDate', ValidationMessages.dueDateInvalid],
    [{ dueDate: '2025-02-29' }, 'dueDate', ValidationMessages.dueDateInvalid],
    [{ dueDate: '2026-13-01' }, 'dueDate', ValidationMessages.dueDateInvalid],
    [{ dueDate: '2026-1-5' }, 'dueDate', ValidationMessages.dueDateInvalid],
    [{ dueDate: '2026-01-05T00:00:00Z' }, 'dueDate', ValidationMessages.dueDateInvalid],
    [{ dueDate: '0000-02-29' }, 'dueDate', ValidationMessages.dueDateInvalid],
    [{ dueDate: '' }, 'dueDate', ValidationMessages.dueDateInvalid],
    [{ assignee: 'not an e-mail' }, 'assignee', ValidationMessages.assigneeInvalid],
    [{ assignee: 'a@b' }, 'assignee', ValidationMessages.assigneeInvalid],
    [{ assignee: '' }, 'assignee', ValidationMessages.assigneeInvalid],
    [
      { assignee: `${'x'.repeat(300)}@example.com` },
      'assignee',
      ValidationMessages.assigneeInvalid,
    ],
  ])('refuse %j with 400 and change nothing', async (body, field, message) => {
    const { id, action } = await meetingWithAction();
    const before = await owner.meeting(id);
    for (const response of [
      await updateAction(owner, id, action.id, body),
      await addAction(owner, id, { text: 'Another', ...body }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: message, field });
    }
    const after = await owner.meeting(id);
    expect(after.version).toBe(before.version);
    expect(after.actions).toEqual(before.actions);
    expect(after.sharedWith).toEqual([]);
  });

  it.each([[12], [true], [['a@example.com']], [{ $ne: null }]])(
    'refuse a non-text value %j with 400',
    async (value) => {
      const { id, action } = await meetingWithAction();
      for (const field of ['assignee', 'dueDate']) {
        const response = await updateAction(owner, id, action.id, { [field]: value });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ field });
      }
    },
  );
});

describe('who may set them', () => {
  it('a viewer it is shared with cannot assign nor date, though they may tick', async () => {
    const { id, action } = await meetingWithAction({ shared: true });
    for (const body of [
      { assignee: viewerUser.email },
      { dueDate: '2026-05-01' },
      { completed: true, assignee: 'x@example.com' },
    ]) {
      const response = await updateAction(viewer, id, action.id, body);
      expect(response.statusCode, response.body).toBe(403);
    }
    const add = await addAction(viewer, id, { text: 'Mine', assignee: viewerUser.email });
    expect(add.statusCode).toBe(403);
    const ticked = await viewer.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${action.id}`,
      { completed: true },
    );
    expect(ticked.actions[0]).toMatchObject({ completed: true, assignee: null, dueDate: null });
  });

  it('a viewer may send back the values the action already has with a tick', async () => {
    const { id, action } = await meetingWithAction({ shared: true });
    await updateAction(owner, id, action.id, { assignee: viewerUser.email, dueDate: '2026-05-01' });
    const ticked = await viewer.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${action.id}`,
      { completed: true, assignee: viewerUser.email, dueDate: '2026-05-01' },
    );
    expect(ticked.actions[0]).toMatchObject({ completed: true, assignee: viewerUser.email });
  });

  it('a stranger cannot see nor set them', async () => {
    const { id, action } = await meetingWithAction();
    const response = await updateAction(stranger, id, action.id, { dueDate: '2026-05-01' });
    expect(response.statusCode).toBe(403);
    expect((await stranger.get(`/api/meetings/${id}`)).statusCode).toBe(403);
  });
});

describe('assigning to someone who cannot see the meeting', () => {
  it('adds them to the shared list, once, and the answer shows it', async () => {
    const { id, action } = await meetingWithAction();
    const assigned = await owner.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${action.id}`,
      { assignee: 'New.Person@Example.com' },
    );
    expect(assigned.sharedWith).toEqual(['new.person@example.com']);
    const added = await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
      text: 'Second',
      assignee: 'new.person@example.com',
    });
    expect(added.sharedWith).toEqual(['new.person@example.com']);
    // Clearing the assignee leaves the sharing as it is.
    const cleared = await owner.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${action.id}`,
      { assignee: null },
    );
    expect(cleared.sharedWith).toEqual(['new.person@example.com']);
  });

  it('does not share with the owner, nor twice with someone already on the list', async () => {
    const { id, action } = await meetingWithAction({ shared: true });
    const toOwner = await owner.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${action.id}`,
      { assignee: ownerUser.email.toUpperCase() },
    );
    expect(toOwner.sharedWith).toEqual([viewerUser.email]);
    const toViewer = await owner.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${action.id}`,
      { assignee: viewerUser.email },
    );
    expect(toViewer.sharedWith).toEqual([viewerUser.email]);
  });

  it('is refused when the shared list is full, changing nothing', async () => {
    const { id, action } = await meetingWithAction();
    // Filled directly: sharing a hundred addresses one by one is the sharing tests' business.
    const full = Array.from({ length: MAX_SHARED_WITH }, (_, i) => `p${i}@example.com`);
    await h.meetings.dataSource.query(`UPDATE meeting SET shared_with = $1 WHERE id = $2`, [
      full,
      id,
    ]);
    const meeting = await owner.meeting(id);
    const response = await updateAction(owner, id, action.id, { assignee: 'late@example.com' });
    expect(response.statusCode).toBe(400);
    const after = await owner.meeting(id);
    expect(after.version).toBe(meeting.version);
    expect(after.actions[0]!.assignee).toBeNull();
  });

  it('publishes the assignee, the due date and the new shared list in one event', async () => {
    const { id, action } = await meetingWithAction();
    await updateAction(owner, id, action.id, {
      assignee: 'evt@example.com',
      dueDate: '2026-07-04',
    });
    const last = (await h.events(id)).filter((e) => e.subject === Subjects.MeetingUpserted).at(-1);
    expect(last?.data).toMatchObject({
      meeting: {
        sharedWith: ['evt@example.com'],
        actions: [{ id: action.id, assignee: 'evt@example.com', dueDate: '2026-07-04' }],
      },
    });
  });
});

describe('duplicating and previous actions', () => {
  it('keep the assignee and due date', async () => {
    const { id, action } = await meetingWithAction();
    await updateAction(owner, id, action.id, {
      assignee: 'dup@example.com',
      dueDate: '2026-08-01',
    });
    const source = await owner.meeting(id);
    const response = await owner.post(`/api/meetings/${id}/duplicate`, {
      title: source.title,
      date: new Date(Date.parse(source.date) + 7 * 86_400_000).toISOString(),
      includeShared: true,
      agendaOption: 'all',
      includeNotes: false,
      actionsOption: 'all',
    });
    expect(response.statusCode, response.body).toBe(201);
    const copyId = response.json<{ meeting: { id: string } }>().meeting.id;
    expect((await owner.meeting(copyId)).actions[0]).toMatchObject({
      assignee: 'dup@example.com',
      dueDate: '2026-08-01',
    });
    const previous = await owner.get(`/api/meetings/${copyId}/previous-actions`);
    expect(previous.json()).toMatchObject({
      meetings: [{ id, actions: [{ assignee: 'dup@example.com', dueDate: '2026-08-01' }] }],
    });
  });
});

describe('duplicating without the shared list', () => {
  const duplicate = (id: string, actionsOption: string) =>
    owner.post(`/api/meetings/${id}/duplicate`, {
      title: 'Next week',
      date: '2031-05-08T09:00:00.000Z',
      includeShared: false,
      agendaOption: 'all',
      includeNotes: false,
      actionsOption,
    });

  /** Open actions for the viewer (shared by assigning), the owner and nobody; a done one for an outsider. */
  async function assignedMeeting(): Promise<string> {
    const { id } = await owner.create('Weekly', '2031-05-01T09:00:00.000Z');
    await addAction(owner, id, {
      text: 'Viewer',
      assignee: viewerUser.email,
      dueDate: '2031-05-05',
    });
    await addAction(owner, id, { text: 'Owner', assignee: ownerUser.email, dueDate: '2031-05-06' });
    await addAction(owner, id, { text: 'Nobody' });
    const done = await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
      text: 'Done',
      assignee: 'Done@Example.com',
      dueDate: '2031-04-30',
    });
    await updateAction(owner, id, done.actions[3]!.id, { completed: true });
    // The viewer stops being shared on the source: still the assignee of an open action.
    await owner.change('PUT', `/api/meetings/${id}/remove-shared-user`, {
      email: viewerUser.email,
    });
    return id;
  }

  const accountability = (actions: ActionItem[]) =>
    actions.map((a) => [a.text, a.completed, a.assignee, a.dueDate]);

  it('shares the copy with the assignees of the actions it copies, not its owner', async () => {
    const id = await assignedMeeting();
    const response = await duplicate(id, 'all');
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<{ meeting: Meeting }>().meeting;
    expect(copy.sharedWith).toEqual([viewerUser.email, 'done@example.com']);
    expect(accountability(copy.actions)).toEqual([
      ['Viewer', false, viewerUser.email, '2031-05-05'],
      ['Owner', false, ownerUser.email, '2031-05-06'],
      ['Nobody', false, null, null],
      ['Done', true, 'done@example.com', '2031-04-30'],
    ]);
    expect((await viewer.get(`/api/meetings/${copy.id}`)).statusCode).toBe(200);
    expect((await h.events(copy.id)).at(-1)?.data).toMatchObject({
      meeting: { id: copy.id, sharedWith: [viewerUser.email, 'done@example.com'] },
    });
    // The source's shared list is its own business.
    expect((await owner.meeting(id)).sharedWith).toEqual(['done@example.com']);
  });

  it('shares with nobody when no action is copied', async () => {
    const id = await assignedMeeting();
    const copy = (await duplicate(id, 'none')).json<{ meeting: Meeting }>().meeting;
    expect(copy.sharedWith).toEqual([]);
    expect((await viewer.get(`/api/meetings/${copy.id}`)).statusCode).toBe(403);
  });

  it('moves the open actions with their assignee and due date; previous actions keep theirs', async () => {
    const id = await assignedMeeting();
    const response = await duplicate(id, 'move-incomplete');
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<{ meeting: Meeting }>().meeting;
    expect(copy.sharedWith).toEqual([viewerUser.email]);
    expect(accountability(copy.actions)).toEqual([
      ['Viewer', false, viewerUser.email, '2031-05-05'],
      ['Owner', false, ownerUser.email, '2031-05-06'],
      ['Nobody', false, null, null],
    ]);
    expect(accountability((await owner.meeting(id)).actions)).toEqual([
      ['Done', true, 'done@example.com', '2031-04-30'],
    ]);
    const previous = await owner.get(
      `/api/meetings/${copy.id}/previous-actions?showCompleted=true`,
    );
    expect(previous.statusCode, previous.body).toBe(200);
    expect(
      previous
        .json<PreviousActionsResponse>()
        .meetings.map((m) => [m.id, accountability(m.actions)]),
    ).toEqual([[id, [['Done', true, 'done@example.com', '2031-04-30']]]]);
  });
});

describe('the order routes', () => {
  it('accept the whole items a client holds, using only the ids and the orders', async () => {
    const { id } = await owner.create();
    await owner.change('PUT', `/api/meetings/${id}/add-action-item`, { text: 'One' });
    const two = await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
      text: 'Two',
      assignee: 'two@example.com',
      dueDate: '2026-01-02',
    });
    const [first, second] = two.actions;
    const reordered = await owner.change('PUT', `/api/meetings/${id}/update-action-order`, {
      actions: [
        { ...second!, order: 1, text: 'ignored', completed: true, hashtags: ['x'] },
        { ...first!, order: 2, assignee: 'ignored@example.com', dueDate: 'not a date' },
      ],
    });
    expect(reordered.actions.map((a) => [a.text, a.order, a.completed, a.assignee])).toEqual([
      ['Two', 1, false, 'two@example.com'],
      ['One', 2, false, null],
    ]);

    await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, { text: 'A' });
    const agenda = (await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, { text: 'B' }))
      .agenda;
    const agendaReordered = await owner.change('PUT', `/api/meetings/${id}/update-agenda-order`, {
      agenda: [
        { ...agenda[1]!, order: 1 },
        { ...agenda[0]!, order: 2, text: 'ignored' },
      ],
    });
    expect(agendaReordered.agenda.map((a) => [a.text, a.order])).toEqual([
      ['B', 1],
      ['A', 2],
    ]);
  });

  it('still refuse entries with fields no item has', async () => {
    const { id, action } = await meetingWithAction();
    const response = await owner.put(`/api/meetings/${id}/update-action-order`, {
      actions: [{ ...action, order: 1, owner: 'me' }],
    });
    expect(response.statusCode).toBe(400);
  });
});
