import type { Meeting, PreviousActionsResponse } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

let h: Harness;
let ownerUser: TestUser;
let owner: Client;
let viewerUser: TestUser;

beforeAll(async () => {
  h = await Harness.start();
  ownerUser = testUser();
  owner = h.as(ownerUser);
  viewerUser = testUser();
});
afterAll(async () => {
  await h?.close();
});

const at = (n: number) => new Date(Date.UTC(2031, 2, n, 10)).toISOString();

/** A meeting with the given actions, the ones marked done ticked. */
async function meeting(
  client: Client,
  title: string,
  date: string,
  actions: { text: string; done?: boolean }[],
): Promise<Meeting> {
  const created = await client.create(title, date);
  let current = created;
  for (const action of actions) {
    current = await client.change('PUT', `/api/meetings/${created.id}/add-action-item`, {
      text: action.text,
    });
    if (action.done) {
      const added = current.actions.at(-1)!;
      current = await client.change(
        'PUT',
        `/api/meetings/${created.id}/update-action-item/${added.id}`,
        { completed: true },
      );
    }
  }
  return current;
}

async function previous(
  client: Client,
  id: string,
  query = '',
): Promise<PreviousActionsResponse['meetings']> {
  const response = await client.get(`/api/meetings/${id}/previous-actions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PreviousActionsResponse>().meetings;
}

const shape = (meetings: PreviousActionsResponse['meetings']) =>
  meetings.map((m) => [m.title, m.actions.map((a) => `${a.text}${a.completed ? ' ✓' : ''}`)]);

describe('previous actions', () => {
  let current: Meeting;

  beforeAll(async () => {
    await meeting(owner, 'Weekly sync', at(1), [{ text: 'Oldest open' }]);
    await meeting(owner, 'weekly SYNC ', at(8), [{ text: 'Done long ago', done: true }]);
    await meeting(owner, 'Weekly sync', at(15), [
      { text: 'Chase vendor #vendor' },
      { text: 'Book room', done: true },
    ]);
    await meeting(owner, 'Weekly sync', at(16), []);
    current = await meeting(owner, ' Weekly Sync', at(22), [{ text: 'This week' }]);
    await meeting(owner, 'Weekly sync', at(29), [{ text: 'Future' }]);
    await meeting(owner, 'Monthly review', at(2), [{ text: 'Other meeting' }]);
    await meeting(h.as(testUser()), 'Weekly sync', at(3), [{ text: 'Someone else’s' }]);
  });

  it('lists earlier meetings of the same owner and title, newest first, with open actions only', async () => {
    const meetings = await previous(owner, current.id);
    expect(shape(meetings)).toEqual([
      ['Weekly sync', ['Chase vendor #vendor']],
      ['Weekly sync', ['Oldest open']],
    ]);
    const [first] = meetings;
    expect(first).toMatchObject({ _id: first!.id, date: at(15) });
    expect(first!.actions[0]).toMatchObject({
      _id: first!.actions[0]!.id,
      completed: false,
      hashtags: ['vendor'],
      order: 1,
    });
    expect(Object.keys(first!).sort()).toEqual(['_id', 'actions', 'date', 'id', 'title']);
  });

  it('includes completed actions, and the meetings that have only those, with showCompleted', async () => {
    expect(shape(await previous(owner, current.id, '?showCompleted=true'))).toEqual([
      ['Weekly sync', ['Chase vendor #vendor', 'Book room ✓']],
      ['weekly SYNC', ['Done long ago ✓']],
      ['Weekly sync', ['Oldest open']],
    ]);
    expect(shape(await previous(owner, current.id, '?showCompleted=false'))).toHaveLength(2);
  });

  it('follows a series made by duplicating, whatever the titles', async () => {
    const source = await meeting(owner, 'Kick-off', at(5), [
      { text: 'Open from kick-off' },
      { text: 'Closed', done: true },
    ]);
    const duplicated = await owner.post(`/api/meetings/${source.id}/duplicate`, {
      title: 'Follow-up',
      date: at(12),
      includeShared: false,
      agendaOption: 'all',
      includeNotes: false,
      actionsOption: 'none',
    });
    const copy = duplicated.json<{ meeting: Meeting }>().meeting;
    expect(shape(await previous(owner, copy.id))).toEqual([['Kick-off', ['Open from kick-off']]]);
    // The source is earlier, so the copy is not its previous meeting.
    expect(await previous(owner, source.id)).toEqual([]);
  });

  it('shows a shared user only the earlier meetings they may see', async () => {
    const viewer = h.as(viewerUser);
    const shared = await meeting(owner, 'Design review', at(20), [{ text: 'Now' }]);
    const seen = await meeting(owner, 'Design review', at(10), [{ text: 'Seen earlier' }]);
    await meeting(owner, 'Design review', at(12), [{ text: 'Private earlier' }]);
    for (const id of [shared.id, seen.id])
      await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email: viewerUser.email });
    expect(shape(await previous(viewer, shared.id))).toEqual([['Design review', ['Seen earlier']]]);
    expect(shape(await previous(owner, shared.id))).toEqual([
      ['Design review', ['Private earlier']],
      ['Design review', ['Seen earlier']],
    ]);
  });

  it('is empty for a first meeting', async () => {
    const first = await meeting(owner, 'Brand new', at(1), [{ text: 'x' }]);
    expect(await previous(owner, first.id)).toEqual([]);
  });

  it('refuses a showCompleted that is not true or false, and unknown query fields', async () => {
    expect(
      (await owner.get(`/api/meetings/${current.id}/previous-actions?showCompleted=yes`))
        .statusCode,
    ).toBe(400);
    expect(
      (await owner.get(`/api/meetings/${current.id}/previous-actions?limit=5`)).statusCode,
    ).toBe(400);
  });
});
