import { MAX_AGENDA_ITEMS, type AgendaItem } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client } from './harness.js';

let h: Harness;
let owner: Client;
beforeAll(async () => {
  h = await Harness.start();
  owner = h.as(testUser());
});
afterAll(async () => {
  await h?.close();
});

async function meetingWithAgenda(texts: string[]) {
  const { id } = await owner.create();
  let agenda: AgendaItem[] = [];
  for (const text of texts)
    agenda = (
      await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, { text, completed: false })
    ).agenda;
  return { id, agenda };
}

const summary = (agenda: AgendaItem[]) =>
  agenda.map((item) => [item.text, item.order, item.completed]);

describe('agenda items', () => {
  it('are added trimmed, open and last, and answered in meeting.agenda', async () => {
    const { id } = await owner.create();
    const first = await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, {
      text: '  Welcome  ',
      completed: false,
    });
    expect(first.agenda).toEqual([
      {
        _id: first.agenda[0]!.id,
        id: first.agenda[0]!.id,
        text: 'Welcome',
        completed: false,
        order: 1,
      },
    ]);
    // A new item is open whatever the client says.
    const second = await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, {
      text: 'Risks',
      completed: true,
    });
    expect(summary(second.agenda)).toEqual([
      ['Welcome', 1, false],
      ['Risks', 2, false],
    ]);
  });

  it('refuse empty text', async () => {
    const { id } = await meetingWithAgenda(['One']);
    for (const text of ['', '   ']) {
      const response = await owner.put(`/api/meetings/${id}/add-agenda-item`, { text });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Text cannot be empty.' });
    }
    expect((await owner.meeting(id)).agenda).toHaveLength(1);
  });

  it('are edited, completed and given an order', async () => {
    const { id, agenda } = await meetingWithAgenda(['One', 'Two']);
    const url = `/api/meetings/${id}/update-agenda-item/${agenda[0]!.id}`;
    expect(summary((await owner.change('PUT', url, { text: ' One, revised ' })).agenda)).toEqual([
      ['One, revised', 1, false],
      ['Two', 2, false],
    ]);
    expect(summary((await owner.change('PUT', url, { completed: true })).agenda)).toEqual([
      ['One, revised', 1, true],
      ['Two', 2, false],
    ]);
    expect(summary((await owner.change('PUT', url, { order: 7 })).agenda)).toEqual([
      ['Two', 2, false],
      ['One, revised', 7, true],
    ]);
    const empty = await owner.put(url, { text: ' ' });
    expect(empty.statusCode).toBe(400);
    const nothing = await owner.put(url, {});
    expect(nothing.json()).toMatchObject({ statusCode: 400, error: 'Nothing to update.' });
  });

  it('are reordered and renumbered 1..n, named by _id or id', async () => {
    const { id, agenda } = await meetingWithAgenda(['A', 'B', 'C', 'D']);
    const [a, b, c, d] = agenda.map((item) => item.id);
    // Moving D to the top, the way the drag and drop sends it.
    const moved = await owner.change('PUT', `/api/meetings/${id}/update-agenda-order`, {
      agenda: [
        { _id: d, order: 1 },
        { id: a, order: 2 },
        { _id: b, id: b, order: 3 },
        { id: c, order: 4 },
      ],
    });
    expect(summary(moved.agenda)).toEqual([
      ['D', 1, false],
      ['A', 2, false],
      ['B', 3, false],
      ['C', 4, false],
    ]);
    // Gaps and repeats in the given orders are renumbered, keeping the list's order for ties.
    const gappy = await owner.change('PUT', `/api/meetings/${id}/update-agenda-order`, {
      agenda: [
        { id: a, order: 40 },
        { id: b, order: 10 },
        { id: c, order: 10 },
        { id: d, order: 0 },
      ],
    });
    expect(summary(gappy.agenda)).toEqual([
      ['D', 1, false],
      ['B', 2, false],
      ['C', 3, false],
      ['A', 4, false],
    ]);
  });

  it('refuse an order list that does not name exactly the meeting’s items', async () => {
    const { id, agenda } = await meetingWithAgenda(['A', 'B']);
    const [a, b] = agenda.map((item) => item.id);
    const before = await owner.meeting(id);
    const bad = [
      [{ id: a, order: 1 }],
      [
        { id: a, order: 1 },
        { id: a, order: 2 },
      ],
      [
        { id: a, order: 1 },
        { id: b, order: 2 },
        { id: '6f1c1f9e-5d0b-4a59-9b1a-6d2f0c3f4e11', order: 3 },
      ],
      [
        { id: a, order: 1 },
        { _id: b, id: a, order: 2 },
      ],
      [{ order: 1 }],
    ];
    for (const list of bad) {
      const response = await owner.put(`/api/meetings/${id}/update-agenda-order`, { agenda: list });
      expect(response.statusCode, JSON.stringify(list)).toBe(400);
    }
    expect(await owner.meeting(id)).toEqual(before);
  });

  it('are deleted, and a missing one is not found', async () => {
    const { id, agenda } = await meetingWithAgenda(['A', 'B']);
    const after = await owner.change(
      'DELETE',
      `/api/meetings/${id}/delete-agenda-item/${agenda[0]!.id}`,
    );
    expect(summary(after.agenda)).toEqual([['B', 2, false]]);
    const again = await owner.delete(`/api/meetings/${id}/delete-agenda-item/${agenda[0]!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'MEETING_AGENDA_ITEM_NOT_FOUND',
      error: 'Agenda item not found',
    });
  });

  it('are read-only for a shared user, checkboxes included', async () => {
    const viewer = testUser();
    const { id, agenda } = await meetingWithAgenda(['A']);
    await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email: viewer.email });
    const response = await h
      .as(viewer)
      .put(`/api/meetings/${id}/update-agenda-item/${agenda[0]!.id}`, { completed: true });
    expect(response.statusCode).toBe(403);
    expect((await owner.meeting(id)).agenda[0]!.completed).toBe(false);
  });

  it(`stop at ${MAX_AGENDA_ITEMS} per meeting`, async () => {
    const { id } = await owner.create();
    await h.meetings.dataSource.query(
      `INSERT INTO agenda_item (id, meeting_id, text, position) SELECT gen_random_uuid(), $1, 'Item ' || n, n FROM generate_series(1, $2::int) AS n`,
      [id, MAX_AGENDA_ITEMS],
    );
    const response = await owner.put(`/api/meetings/${id}/add-agenda-item`, {
      text: 'One too many',
    });
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'MEETING_TOO_MANY_ITEMS' });
    expect((await owner.meeting(id)).agenda).toHaveLength(MAX_AGENDA_ITEMS);
  });
});
