import {
  DigestActionsResponseSchema,
  DigestRecipientsResponseSchema,
  type DigestActionsResponse,
  type DigestRecipientsResponse,
} from '@meetings/contracts';
import { testUser } from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, FakeMeetings } from './fake-meetings.js';
import { ActionsHarness } from './harness.js';

// svc-auth's daily digest asks svc-actions who owes actions due by a day, and which.

let h: ActionsHarness;
const meetings = new FakeMeetings();
const owner = testUser('owner@example.com');
const ann = 'ann@example.com';
const ben = 'ben@example.com';
const gone = 'gone@example.com';
let planning: string;
let retro: string;

beforeAll(async () => {
  h = await ActionsHarness.start();
  const first = meetings.create(owner, {
    title: 'Planning',
    sharedWith: [ann, ben],
    actions: [
      action('Due later', 1, false, { assignee: ann, dueDate: '2026-05-20' }),
      action('Overdue', 2, false, { assignee: ann, dueDate: '2026-04-01' }),
      action('Done already', 3, true, { assignee: ann, dueDate: '2026-04-02' }),
      action('Undated', 4, false, { assignee: ann }),
      action('Ben owes', 5, false, { assignee: ben, dueDate: '2026-05-10' }),
      action('Owner owes', 6, false, { assignee: owner.email, dueDate: '2026-05-01' }),
    ],
  });
  // Unshared since: "gone" can no longer see what they were assigned.
  const second = meetings.create(owner, {
    title: 'Retro',
    date: '2025-09-08T09:00:00.000Z',
    sharedWith: [ann],
    actions: [
      action('Retro item', 1, false, { assignee: ann, dueDate: '2026-05-09' }),
      action('Lost sight', 2, false, { assignee: gone, dueDate: '2026-05-01' }),
    ],
  });
  planning = first.id;
  retro = second.id;
  await h.feed(h.upserted(first));
  await h.feed(h.upserted(second));
});

afterAll(async () => {
  await h?.close();
});

async function recipients(query: string): Promise<DigestRecipientsResponse> {
  const response = await h.request(null, 'GET', `/internal/actions/digest-recipients?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return DigestRecipientsResponseSchema.parse(response.json());
}

async function digest(query: string): Promise<DigestActionsResponse> {
  const response = await h.request(null, 'GET', `/internal/actions/digest?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return DigestActionsResponseSchema.parse(response.json());
}

describe('GET /internal/actions/digest-recipients', () => {
  it('lists who has open actions due by the day, in pages', async () => {
    expect(await recipients('through=2026-05-12')).toEqual({
      recipients: [ann, ben, owner.email],
    });
    expect(await recipients('through=2026-05-05')).toEqual({ recipients: [ann, owner.email] });
    expect(await recipients('through=2026-03-01')).toEqual({ recipients: [] });
    const first = await recipients('through=2026-05-12&limit=2');
    expect(first).toEqual({ recipients: [ann, ben], next: ben });
    expect(await recipients(`through=2026-05-12&limit=2&after=${first.next}`)).toEqual({
      recipients: [owner.email],
    });
  });

  it('refuses a bad day or limit with 400', async () => {
    for (const query of [
      '',
      'through=2026-02-30',
      'through=tomorrow',
      'through=2026-05-01&limit=0',
    ])
      expect(
        (await h.request(null, 'GET', `/internal/actions/digest-recipients?${query}`)).statusCode,
        query,
      ).toBe(400);
  });

  it('is not on the public port', async () => {
    const response = await fetch(
      `${h.service.url}/internal/actions/digest-recipients?through=2026-05-12`,
    );
    expect(response.status).toBe(404);
  });
});

describe('GET /internal/actions/digest', () => {
  it('answers one person’s open dated actions due by the day, grouped by meeting', async () => {
    expect(await digest(`assignee=${ann}&through=2026-05-12`)).toEqual({
      meetings: [
        {
          id: planning,
          title: 'Planning',
          actions: [expect.objectContaining({ text: 'Overdue' })],
        },
        {
          id: retro,
          title: 'Retro',
          actions: [expect.objectContaining({ text: 'Retro item', dueDate: '2026-05-09' })],
        },
      ],
    });
    const later = await digest(`assignee=ANN@example.com&through=2026-05-31`);
    expect(later.meetings[0]!.actions.map((a) => a.text)).toEqual(['Overdue', 'Due later']);
  });

  it('leaves out meetings the person can no longer see', async () => {
    expect(await digest(`assignee=${gone}&through=2026-05-31`)).toEqual({ meetings: [] });
  });

  it('refuses a bad address or day with 400', async () => {
    for (const query of [
      `through=2026-05-01`,
      `assignee=nobody&through=2026-05-01`,
      `assignee=${ann}`,
    ])
      expect(
        (await h.request(null, 'GET', `/internal/actions/digest?${query}`)).statusCode,
        query,
      ).toBe(400);
  });
});
