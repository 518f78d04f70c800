import { randomUUID } from 'node:crypto';
import { ActionStatusResponseSchema, type MeetingSnapshot } from '@meetings/contracts';
import { testUser } from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, FakeMeetings } from './fake-meetings.js';
import { ActionsHarness, eventually, expectedView } from './harness.js';

let h: ActionsHarness;
const meetings = new FakeMeetings();
const owner = testUser('owner@example.com');
const shared = testUser('shared@example.com');
const stranger = testUser('stranger@example.com');
let meeting: MeetingSnapshot;

beforeAll(async () => {
  h = await ActionsHarness.start();
  meeting = meetings.create(owner, {
    title: 'Planning',
    sharedWith: [shared.email],
    actions: [action('Estimate stories #sizing', 1), action('Book demo', 2)],
  });
  await h.feed(h.upserted(meeting));
});

afterAll(async () => {
  await h?.close();
});

const statusUrl = (meetingId: string, actionId: string) =>
  `/api/actions/${meetingId}/action/${actionId}/status`;

describe('PUT /api/actions/:meetingId/action/:actionId/status without svc-meetings', () => {
  it('answers 503 when nobody answers, and changes nothing', async () => {
    const response = await h.request(owner, 'PUT', statusUrl(meeting.id, meeting.actions[0]!.id), {
      completed: true,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(await h.indexed(meeting.id)).toEqual(expectedView(meeting));
  });
});

describe('PUT /api/actions/:meetingId/action/:actionId/status through svc-meetings', () => {
  beforeAll(async () => {
    await meetings.answerOn(h.service.bus);
    // A responder on NATS is live once the server has its subscription.
    await eventually(async () => {
      const probe = await h.request(
        stranger,
        'PUT',
        statusUrl(meeting.id, meeting.actions[0]!.id),
        { completed: true },
      );
      return probe.statusCode === 403;
    });
  });

  it('ticks the action, returns it with its meeting id, and the index shows it at once', async () => {
    const target = meeting.actions[0]!;
    const response = await h.request(shared, 'PUT', statusUrl(meeting.id, target.id), {
      completed: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ActionStatusResponseSchema.parse(response.json())).toEqual({
      action: {
        _id: target.id,
        id: target.id,
        text: target.text,
        completed: true,
        order: 1,
        hashtags: ['sizing'],
        meetingId: meeting.id,
      },
    });
    expect(await h.indexed(meeting.id)).toEqual(expectedView(meetings.get(meeting.id)));
    const open = await h.request(shared, 'GET', '/api/actions/');
    expect(open.json().meetings[0].actions.map((a: { text: string }) => a.text)).toEqual([
      'Book demo',
    ]);
  });

  it('leaves the index alone when the event of that change arrives afterwards', async () => {
    const current = meetings.get(meeting.id);
    await h.feed(h.upserted(current));
    expect(await h.indexed(meeting.id)).toEqual(expectedView(current));
  });

  it('unticks too', async () => {
    const target = meeting.actions[0]!;
    const response = await h.request(owner, 'PUT', statusUrl(meeting.id, target.id), {
      completed: false,
    });
    expect(response.json()).toMatchObject({ action: { id: target.id, completed: false } });
    expect((await h.indexed(meeting.id))!.actions.find((a) => a.id === target.id)!.completed).toBe(
      false,
    );
  });

  it('passes svc-meetings refusals through with their status and text', async () => {
    const denied = await h.request(stranger, 'PUT', statusUrl(meeting.id, meeting.actions[1]!.id), {
      completed: true,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'MEETING_ACCESS_DENIED', error: 'Access denied' });

    const missing = await h.request(owner, 'PUT', statusUrl(meeting.id, randomUUID()), {
      completed: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Action item not found' });
  });

  it('turns an upstream fault into 502, never a 500', async () => {
    meetings.refuseStatusWith = {
      statusCode: 500,
      code: 'INTERNAL',
      error: 'boom',
      message: 'boom',
    };
    try {
      const response = await h.request(
        owner,
        'PUT',
        statusUrl(meeting.id, meeting.actions[1]!.id),
        { completed: true },
      );
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'BAD_GATEWAY' });
    } finally {
      meetings.refuseStatusWith = null;
    }
  });

  it('refuses bad input with 400 before asking svc-meetings', async () => {
    const valid = statusUrl(meeting.id, meeting.actions[1]!.id);
    for (const [url, body] of [
      [statusUrl('not-a-uuid', meeting.actions[1]!.id), { completed: true }],
      [statusUrl(meeting.id, 'nope'), { completed: true }],
      [valid, { completed: 'yes' }],
      [valid, {}],
      [valid, { completed: true, text: 'sneaky' }],
    ] as const) {
      const response = await h.request(owner, 'PUT', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const notJson = await h.service.app.inject({
      method: 'PUT',
      url: valid,
      payload: '{completed',
      headers: { ...(await h.runtime.tokens.bearer(owner)), 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(meetings.get(meeting.id).actions[1]!.completed).toBe(false);
  });
});
