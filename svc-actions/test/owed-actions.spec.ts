import { ListActionsResponseSchema, type ListActionsResponse } from '@meetings/contracts';
import { testUser, type TestUser } from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, FakeMeetings } from './fake-meetings.js';
import { ActionsHarness } from './harness.js';

// Issue 34: the actions list shows each action's assignee and due date.

let h: ActionsHarness;
const meetings = new FakeMeetings();
const alice = testUser('alice@example.com');
const bob = testUser('bob@example.com');

beforeAll(async () => {
  h = await ActionsHarness.start();
});

afterAll(async () => {
  await h?.close();
});

async function list(user: TestUser, query = ''): Promise<ListActionsResponse> {
  const response = await h.request(user, 'GET', `/api/actions/${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return ListActionsResponseSchema.parse(response.json());
}

describe('GET /api/actions/: assignee and due date', () => {
  it('are on each action, null when unset', async () => {
    const meeting = meetings.create(alice, {
      title: 'Planning',
      sharedWith: [bob.email],
      actions: [
        action('Book the room', 1, false, { assignee: bob.email, dueDate: '2026-02-28' }),
        action('Send the agenda', 2),
      ],
    });
    await h.feed(h.upserted(meeting));
    for (const user of [alice, bob]) {
      const page = await list(user);
      expect(page.meetings.find((m) => m.id === meeting.id)?.actions).toEqual([
        expect.objectContaining({
          text: 'Book the room',
          assignee: bob.email,
          dueDate: '2026-02-28',
        }),
        expect.objectContaining({ text: 'Send the agenda', assignee: null, dueDate: null }),
      ]);
    }
  });
});
