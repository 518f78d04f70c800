import { MAX_AGENDA_ITEMS, Subjects, type ActionItem, type AgendaItem } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client } from './harness.js';

// Every delete of an agenda item or an action offers Undo, which puts the item
// back as it was, where it was, in one change.

let h: Harness;
let owner: Client;
beforeAll(async () => {
  h = await Harness.start();
  owner = h.as(testUser());
});
afterAll(async () => {
  await h?.close();
});

const agendaSummary = (agenda: AgendaItem[]) =>
  agenda.map((item) => [item.text, item.order, item.completed]);
const actionSummary = (actions: ActionItem[]) =>
  actions.map((a) => [a.text, a.order, a.completed, a.hashtags, a.assignee, a.dueDate]);

async function meetingWithAgenda(texts: string[]) {
  const { id } = await owner.create();
  let agenda: AgendaItem[] = [];
  for (const text of texts)
    agenda = (await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, { text })).agenda;
  return { id, agenda };
}

describe('restoring an agenda item', () => {
  it('puts it back ticked as it was, at its place, and numbers the list 1..n', async () => {
    const { id, agenda } = await meetingWithAgenda(['Welcome', 'Risks', 'AOB']);
    await owner.change('PUT', `/api/meetings/${id}/update-agenda-item/${agenda[1]!.id}`, {
      completed: true,
    });
    await owner.change('DELETE', `/api/meetings/${id}/delete-agenda-item/${agenda[1]!.id}`);
    const restored = await owner.change('PUT', `/api/meetings/${id}/restore-agenda-item`, {
      text: 'Risks',
      completed: true,
      order: 2,
    });
    expect(agendaSummary(restored.agenda)).toEqual([
      ['Welcome', 1, false],
      ['Risks', 2, true],
      ['AOB', 3, false],
    ]);
    expect(agendaSummary((await owner.meeting(id)).agenda)).toEqual(agendaSummary(restored.agenda));
  });

  it('puts it first for order 1 and last for an order past the end', async () => {
    const { id } = await meetingWithAgenda(['B']);
    await owner.change('PUT', `/api/meetings/${id}/restore-agenda-item`, {
      text: 'A',
      completed: false,
      order: 1,
    });
    const after = await owner.change('PUT', `/api/meetings/${id}/restore-agenda-item`, {
      text: 'Z',
      completed: false,
      order: 99,
    });
    expect(agendaSummary(after.agenda)).toEqual([
      ['A', 1, false],
      ['B', 2, false],
      ['Z', 3, false],
    ]);
  });

  it('refuses bad input with 400, changing nothing', async () => {
    const { id } = await meetingWithAgenda(['A']);
    const before = await owner.meeting(id);
    const bad = [
      {},
      { text: '', completed: false, order: 1 },
      { text: 'X', order: 1 },
      { text: 'X', completed: 'yes', order: 1 },
      { text: 'X', completed: false, order: 0 },
      { text: 'X', completed: false, order: 1.5 },
      { text: 'X', completed: false },
      { text: 'X', completed: false, order: 1, id: before.agenda[0]!.id },
    ];
    for (const body of bad) {
      const response = await owner.put(`/api/meetings/${id}/restore-agenda-item`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await owner.meeting(id)).toEqual(before);
  });

  it('is the owner’s alone: a shared user and a stranger are refused, changing nothing', async () => {
    const viewer = testUser();
    const { id } = await meetingWithAgenda(['A']);
    await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email: viewer.email });
    const before = await owner.meeting(id);
    const body = { text: 'Sneaked in', completed: false, order: 1 };
    const asViewer = await h.as(viewer).put(`/api/meetings/${id}/restore-agenda-item`, body);
    expect(asViewer.statusCode).toBe(403);
    const asStranger = await h.as(testUser()).put(`/api/meetings/${id}/restore-agenda-item`, body);
    expect(asStranger.statusCode).toBe(403);
    expect(await owner.meeting(id)).toEqual(before);
  });

  it(`stops at ${MAX_AGENDA_ITEMS} per meeting`, async () => {
    const { id } = await owner.create();
    await h.meetings.dataSource.query(
      `INSERT INTO agenda_item (id, meeting_id, text, position) SELECT gen_random_uuid(), $1, 'Item ' || n, n FROM generate_series(1, $2::int) AS n`,
      [id, MAX_AGENDA_ITEMS],
    );
    const response = await owner.put(`/api/meetings/${id}/restore-agenda-item`, {
      text: 'One too many',
      completed: false,
      order: 1,
    });
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'MEETING_TOO_MANY_ITEMS' });
    expect((await owner.meeting(id)).agenda).toHaveLength(MAX_AGENDA_ITEMS);
  });
});

describe('restoring an action', () => {
  it('puts it back with its tick, hashtags, assignee and due date, at its place, without telling the assignee again', async () => {
    const { id } = await owner.create();
    for (const text of ['Book room', 'Ship the #release notes', 'Send minutes'])
      await owner.change('PUT', `/api/meetings/${id}/add-action-item`, { text });
    let meeting = await owner.meeting(id);
    const target = meeting.actions[1]!;
    meeting = await owner.change('PUT', `/api/meetings/${id}/update-action-item/${target.id}`, {
      completed: true,
      assignee: 'ada@example.com',
      dueDate: '2030-03-01',
    });
    const before = actionSummary(meeting.actions);
    const announced = async () =>
      (await h.events(id)).filter((e) => e.subject === Subjects.ActionAssigned).length;
    const announcedBefore = await announced();

    await owner.change('DELETE', `/api/meetings/${id}/delete-action-item/${target.id}`);
    const restored = await owner.change('PUT', `/api/meetings/${id}/restore-action-item`, {
      text: target.text,
      completed: true,
      order: 2,
      assignee: 'ada@example.com',
      dueDate: '2030-03-01',
    });
    expect(actionSummary(restored.actions)).toEqual(before);
    expect(before[1]).toEqual([
      'Ship the #release notes',
      2,
      true,
      ['release'],
      'ada@example.com',
      '2030-03-01',
    ]);
    expect(await announced()).toBe(announcedBefore);
  });

  it('shares the meeting with its assignee when they have lost sight of it meanwhile', async () => {
    const { id } = await owner.create();
    const restored = await owner.change('PUT', `/api/meetings/${id}/restore-action-item`, {
      text: 'Follow up',
      completed: false,
      order: 1,
      assignee: 'bo@example.com',
    });
    expect(restored.sharedWith).toEqual(['bo@example.com']);
  });

  it('refuses bad input with 400, changing nothing', async () => {
    const { id } = await owner.create();
    await owner.change('PUT', `/api/meetings/${id}/add-action-item`, { text: 'A' });
    const before = await owner.meeting(id);
    const bad = [
      { text: 'X', completed: false, order: 1, assignee: 'not an address' },
      { text: 'X', completed: false, order: 1, dueDate: '2030-02-30' },
      { text: ' ', completed: false, order: 1 },
      { text: 'X', completed: false, order: 1, hashtags: ['x'] },
    ];
    for (const body of bad) {
      const response = await owner.put(`/api/meetings/${id}/restore-action-item`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await owner.meeting(id)).toEqual(before);
  });

  it('is refused to a shared user and a stranger, changing nothing', async () => {
    const viewer = testUser();
    const { id } = await owner.create();
    await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email: viewer.email });
    const before = await owner.meeting(id);
    const body = { text: 'Sneaked in', completed: false, order: 1 };
    const asViewer = await h.as(viewer).put(`/api/meetings/${id}/restore-action-item`, body);
    expect(asViewer.statusCode).toBe(403);
    const asStranger = await h.as(testUser()).put(`/api/meetings/${id}/restore-action-item`, body);
    expect(asStranger.statusCode).toBe(403);
    expect(await owner.meeting(id)).toEqual(before);
  });
});
