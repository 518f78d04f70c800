import { ServerMessages, type ActionItem } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

let h: Harness;
let owner: Client;
let viewerUser: TestUser;
let viewer: Client;
beforeAll(async () => {
  h = await Harness.start();
  owner = h.as(testUser());
  viewerUser = testUser();
  viewer = h.as(viewerUser);
});
afterAll(async () => {
  await h?.close();
});

async function meetingWithActions(texts: string[], options: { shared?: boolean } = {}) {
  const { id } = await owner.create();
  if (options.shared)
    await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email: viewerUser.email });
  let actions: ActionItem[] = [];
  for (const text of texts)
    actions = (await owner.change('PUT', `/api/meetings/${id}/add-action-item`, { text })).actions;
  return { id, actions };
}

const summary = (actions: ActionItem[]) =>
  actions.map((a) => [a.text, a.order, a.completed, a.hashtags]);

describe('actions', () => {
  it('are added open and last, with hashtags taken from the text, not from the client', async () => {
    const { id } = await owner.create();
    const first = await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
      text: '  Ship release #v2-beta and #docs, then #docs again ',
      completed: true,
      hashtags: ['forged'],
    });
    const action = first.actions[0]!;
    expect(action).toEqual({
      _id: action.id,
      id: action.id,
      text: 'Ship release #v2-beta and #docs, then #docs again',
      completed: false,
      order: 1,
      hashtags: ['v2-beta', 'docs'],
      assignee: null,
      dueDate: null,
    });
    const second = await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
      text: 'No tags',
    });
    expect(summary(second.actions)).toEqual([
      ['Ship release #v2-beta and #docs, then #docs again', 1, false, ['v2-beta', 'docs']],
      ['No tags', 2, false, []],
    ]);
  });

  it('re-derive hashtags when the text is edited and ignore client hashtags', async () => {
    const { id, actions } = await meetingWithActions(['Call #vendor']);
    const updated = await owner.change(
      'PUT',
      `/api/meetings/${id}/update-action-item/${actions[0]!.id}`,
      {
        text: 'Email #supplier #urgent',
        hashtags: ['vendor'],
        completed: true,
        order: 4,
      },
    );
    expect(summary(updated.actions)).toEqual([
      ['Email #supplier #urgent', 4, true, ['supplier', 'urgent']],
    ]);
    const snapshot = (await h.events(id)).at(-1)!.data.meeting as {
      actions: { hashtags: string[] }[];
    };
    expect(snapshot.actions[0]!.hashtags).toEqual(['supplier', 'urgent']);
  });

  it('are ticked and unticked by a user the meeting is shared with', async () => {
    const { id, actions } = await meetingWithActions(['Draft plan'], { shared: true });
    const url = `/api/meetings/${id}/update-action-item/${actions[0]!.id}`;
    expect((await viewer.change('PUT', url, { completed: true })).actions[0]).toMatchObject({
      completed: true,
    });
    expect((await viewer.change('PUT', url, { completed: false })).actions[0]).toMatchObject({
      completed: false,
    });
    // Sending the item back as it is, with only the tick changed, is still a tick.
    expect(
      (
        await viewer.change('PUT', url, {
          text: 'Draft plan',
          order: 1,
          completed: true,
          hashtags: [],
        })
      ).actions[0],
    ).toMatchObject({
      completed: true,
    });
  });

  it('are not otherwise changed by a shared user', async () => {
    const { id, actions } = await meetingWithActions(['Draft plan'], { shared: true });
    const before = await owner.meeting(id);
    const url = `/api/meetings/${id}/update-action-item/${actions[0]!.id}`;
    for (const body of [
      { text: 'Hijacked' },
      { completed: true, order: 9 },
      { text: 'Hijacked', completed: true },
    ]) {
      const response = await viewer.put(url, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'MEETING_READ_ONLY',
        error: ServerMessages.readOnly,
      });
    }
    expect(
      (await viewer.put(`/api/meetings/${id}/add-action-item`, { text: 'Mine' })).statusCode,
    ).toBe(403);
    expect(
      (
        await viewer.put(`/api/meetings/${id}/update-action-order`, {
          actions: [{ id: actions[0]!.id, order: 1 }],
        })
      ).statusCode,
    ).toBe(403);
    expect(await owner.meeting(id)).toEqual(before);
  });

  it('refuse deletion by anyone but the entitled owner with the permission-denied type', async () => {
    const { id, actions } = await meetingWithActions(['Keep me'], { shared: true });
    const response = await viewer.delete(
      `/api/meetings/${id}/delete-action-item/${actions[0]!.id}`,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'MEETING_ACTION_PERMISSION_DENIED',
      error: 'You do not have permission to delete this action item.',
    });
    expect((await owner.meeting(id)).actions).toHaveLength(1);
  });

  it('are deleted by the owner', async () => {
    const { id, actions } = await meetingWithActions(['A', 'B', 'C']);
    const after = await owner.change(
      'DELETE',
      `/api/meetings/${id}/delete-action-item/${actions[1]!.id}`,
    );
    expect(summary(after.actions).map(([text]) => text)).toEqual(['A', 'C']);
    const again = await owner.delete(`/api/meetings/${id}/delete-action-item/${actions[1]!.id}`);
    expect(again.json()).toMatchObject({
      statusCode: 404,
      code: 'MEETING_ACTION_ITEM_NOT_FOUND',
      error: 'Action item not found',
    });
  });

  it('are reordered and renumbered from 1', async () => {
    const { id, actions } = await meetingWithActions(['A', 'B', 'C']);
    const [a, b, c] = actions.map((action) => action.id);
    const reordered = await owner.change('PUT', `/api/meetings/${id}/update-action-order`, {
      actions: [
        { id: c, _id: c, order: 1 },
        { id: a, _id: a, order: 2 },
        { id: b, _id: b, order: 3 },
      ],
    });
    expect(summary(reordered.actions).map(([text, order]) => [text, order])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    const before = await owner.meeting(id);
    const partial = await owner.put(`/api/meetings/${id}/update-action-order`, {
      actions: [{ id: a, order: 1 }],
    });
    expect(partial.json()).toMatchObject({ statusCode: 400, code: 'MEETING_ORDER_MISMATCH' });
    const differing = await owner.put(`/api/meetings/${id}/update-action-order`, {
      actions: [
        { id: a, _id: b, order: 1 },
        { id: b, order: 2 },
        { id: c, order: 3 },
      ],
    });
    expect(differing.statusCode).toBe(400);
    expect(await owner.meeting(id)).toEqual(before);
  });

  it('can be ticked by the owner on the free plan', async () => {
    const freeLater = testUser();
    const asFree = h.as(freeLater);
    const { id } = await asFree.create();
    const { actions } = await asFree.change('PUT', `/api/meetings/${id}/add-action-item`, {
      text: 'Old task',
    });
    await h.setPlan(freeLater, 'free');
    expect(
      (
        await asFree.change('PUT', `/api/meetings/${id}/update-action-item/${actions[0]!.id}`, {
          completed: true,
        })
      ).actions[0]!.completed,
    ).toBe(true);
    expect(
      (
        await asFree.put(`/api/meetings/${id}/update-action-item/${actions[0]!.id}`, {
          text: 'New text',
        })
      ).statusCode,
    ).toBe(403);
  });
});
