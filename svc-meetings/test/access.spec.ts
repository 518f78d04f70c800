import { randomUUID } from 'node:crypto';
import { ServerMessages, Subjects, type Meeting } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingWithContent, type MeetingFixture } from './fixtures/meetings.js';
import { MEETING_ROUTES, type MeetingRoute } from './fixtures/routes.js';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

let h: Harness;
let owner: Client;
let viewer: Client;
let stranger: Client;
let freeOwner: Client;
let expiredOwner: Client;
let viewerUser: TestUser;
let editorUser: TestUser;
let editor: Client;
let freeEditor: Client;
let freeEditorUser: TestUser;

beforeAll(async () => {
  h = await Harness.start();
  viewerUser = testUser();
  owner = h.as(testUser());
  viewer = h.as(viewerUser);
  editorUser = testUser();
  editor = h.as(editorUser);
  freeEditorUser = testUser();
  freeEditor = h.as(freeEditorUser);
  stranger = h.as(testUser());
  const freeUser = testUser();
  const expiredUser = testUser();
  freeOwner = h.as(freeUser);
  expiredOwner = h.as(expiredUser);
  // Both made their meetings while on trial; one chose the free plan since, the other's trial ended.
  freeFixture = await meetingWithContent(freeOwner, { sharedWith: [viewerUser] });
  expiredFixture = await meetingWithContent(expiredOwner, { sharedWith: [viewerUser] });
  freeOwnersEditable = await meetingWithContent(freeOwner, { editors: [editorUser] });
  await h.setPlan(freeUser, 'free');
  await h.expireTrial(expiredUser);
  await h.setPlan(freeEditorUser, 'free');
});

afterAll(async () => {
  await h?.close();
});

let freeFixture: MeetingFixture;
let freeOwnersEditable: MeetingFixture;
let expiredFixture: MeetingFixture;

/** The owner's meeting a route needs, shared as asked. */
function fixtureFor(
  route: MeetingRoute,
  shared: { sharedWith?: TestUser[]; editors?: TestUser[] } = {},
): Promise<MeetingFixture> {
  return meetingWithContent(owner, {
    ...shared,
    recurrence: route.recurring ? 'FREQ=WEEKLY;BYDAY=MO' : undefined,
  });
}

function send(client: Client, route: MeetingRoute, fixture: MeetingFixture) {
  return client.request(route.method, route.url(fixture), route.body?.(fixture));
}

/** What the owner sees and how many events the meeting has: both must stay put on a refusal. */
async function state(client: Client, meetingId: string) {
  return { meeting: await client.meeting(meetingId), events: (await h.events(meetingId)).length };
}

function expectError(
  response: { statusCode: number; json: <T>() => T },
  status: number,
  code: string,
  text?: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json<{ code: string; error: string; statusCode: number }>();
  expect(body).toMatchObject({ statusCode: status, code });
  if (text) expect(body.error).toBe(text);
}

describe.each(MEETING_ROUTES)('$method $name', (route) => {
  it('serves the owner, answers with _id and id, and writes the change as an event when others copy it', async () => {
    const fixture = await fixtureFor(route, { sharedWith: [viewerUser] });
    const eventsBefore = await h.events(fixture.meeting.id);
    const response = await send(owner, route, fixture);
    expect(response.statusCode, response.body).toBe(route.ok);
    const events = await h.events(fixture.meeting.id);
    if (route.kind === 'read') {
      if (route.contentType) expect(response.headers['content-type']).toContain(route.contentType);
      expect(events).toHaveLength(eventsBefore.length);
      return;
    }
    const body = response.json<{
      meeting?: Meeting;
      meetings?: unknown[];
      success?: boolean;
      sent?: number;
    }>();
    if (route.name === 'send recap') {
      const recipients = [owner.user!.email, viewerUser.email];
      expect(body).toEqual({ sent: recipients.length });
      expect(events.slice(eventsBefore.length)).toMatchObject([
        {
          subject: Subjects.RecapRequested,
          data: { meetingId: fixture.meeting.id, recipients: expect.arrayContaining(recipients) },
        },
      ]);
      return;
    }
    if (route.name === 'delete meeting') {
      expect(body).toMatchObject({ success: true });
      expect(events.slice(eventsBefore.length)).toEqual([
        {
          subject: Subjects.MeetingDeleted,
          data: { meetingId: fixture.meeting.id, version: fixture.meeting.version + 1 },
        },
      ]);
      expect((await owner.get(`/api/meetings/${fixture.meeting.id}`)).statusCode).toBe(404);
      return;
    }
    const meeting = body.meeting!;
    expect(meeting._id).toBe(meeting.id);
    if (route.name === 'next occurrence') {
      expect(meeting).toMatchObject({ seriesId: fixture.meeting.seriesId, isOwner: true });
      expect(meeting.id).not.toBe(fixture.meeting.id);
      expect(events).toHaveLength(eventsBefore.length);
      expect(await h.events(meeting.id)).toMatchObject([
        { subject: Subjects.MeetingUpserted, data: { meeting: { id: meeting.id, version: 1 } } },
      ]);
      return;
    }
    if (route.name === 'duplicate') {
      expect(meeting.id).not.toBe(fixture.meeting.id);
      // The moved action changed the source too.
      expect(events.slice(eventsBefore.length)).toMatchObject([
        {
          subject: Subjects.MeetingUpserted,
          data: {
            meeting: { id: fixture.meeting.id, version: fixture.meeting.version + 1, actions: [] },
          },
        },
      ]);
      expect(await h.events(meeting.id)).toMatchObject([
        { subject: Subjects.MeetingUpserted, data: { meeting: { id: meeting.id, version: 1 } } },
      ]);
      return;
    }
    expect(meeting.version).toBe(fixture.meeting.version + 1);
    if (route.ownContent) {
      expect(events).toHaveLength(eventsBefore.length);
      return;
    }
    // Mail requests (an invitation, an assignment) travel beside the change; the copies read
    // only the snapshot.
    const mail: string[] = [Subjects.MeetingShared, Subjects.ActionAssigned];
    const changes = events.slice(eventsBefore.length).filter((e) => !mail.includes(e.subject));
    expect(changes).toEqual([
      {
        subject: Subjects.MeetingUpserted,
        data: { meeting: expect.objectContaining({ id: meeting.id, version: meeting.version }) },
      },
    ]);
    const snapshot = changes[0]!.data.meeting as {
      actions: { id: string; completed: boolean; text: string }[];
    };
    expect(
      snapshot.actions.map((a) => ({ id: a.id, completed: a.completed, text: a.text })),
    ).toEqual(meeting.actions.map((a) => ({ id: a.id, completed: a.completed, text: a.text })));
  });

  it('lets a user it is shared with read and tick, and nothing more', async () => {
    const fixture = await fixtureFor(route, { sharedWith: [viewerUser] });
    const before = await state(owner, fixture.meeting.id);
    const response = await send(viewer, route, fixture);
    if (route.kind === 'edit') {
      expectError(response, 403, route.viewerRefusal ?? 'MEETING_READ_ONLY');
      expect(await state(owner, fixture.meeting.id)).toEqual(before);
    } else {
      expect(response.statusCode, response.body).toBe(route.ok);
      if (
        route.kind === 'read' &&
        !route.contentType &&
        response.json<{ meeting?: Meeting }>().meeting
      ) {
        expect(response.json<{ meeting: Meeting }>().meeting.isOwner).toBe(false);
      }
    }
  });

  it('lets an editor do what the owner does, except deleting the meeting and changing who it is shared with', async () => {
    const fixture = await fixtureFor(route, {
      sharedWith: [viewerUser],
      editors: [editorUser],
    });
    const before = await state(owner, fixture.meeting.id);
    const response = await send(editor, route, fixture);
    if (route.ownerOnly) {
      expectError(response, 403, 'MEETING_READ_ONLY', ServerMessages.readOnly);
      expect(await state(owner, fixture.meeting.id)).toEqual(before);
      return;
    }
    expect(response.statusCode, response.body).toBe(route.ok);
    if (route.contentType) return;
    const meeting = response.json<{ meeting?: Meeting }>().meeting;
    if (route.name === 'duplicate') {
      // The copy is the editor's own, shared with the source's people and its owner (as editor).
      expect(meeting).toMatchObject({ role: 'owner', owner: { email: editorUser.email } });
      expect(meeting!.sharedRoles).toEqual({
        [viewerUser.email]: 'viewer',
        [owner.user!.email]: 'editor',
      });
    } else if (meeting) {
      expect(meeting).toMatchObject({ role: 'editor', isOwner: false });
    }
  });

  it('tells anyone else "Access denied" and nothing about the meeting', async () => {
    const fixture = await fixtureFor(route, { sharedWith: [viewerUser] });
    const before = await state(owner, fixture.meeting.id);
    const response = await send(stranger, route, fixture);
    expectError(response, 403, 'MEETING_ACCESS_DENIED', ServerMessages.accessDenied);
    expect(response.body).not.toContain(fixture.meeting.title);
    expect(await state(owner, fixture.meeting.id)).toEqual(before);
  });

  it.each([
    ['on the free plan', () => ({ client: freeOwner, fixture: freeFixture })],
    ['whose trial has ended', () => ({ client: expiredOwner, fixture: expiredFixture })],
  ])('lets an owner %s read and tick only', async (_label, who) => {
    const { client, fixture } = who();
    const before = await state(client, fixture.meeting.id);
    const response = await send(client, route, fixture);
    if (route.kind === 'edit') {
      const text = route.viewerRefusal
        ? ServerMessages.deleteActionPermissionDenied
        : ServerMessages.notEntitledToEdit;
      expectError(response, 403, route.viewerRefusal ?? 'MEETING_NOT_ENTITLED', text);
      expect(await state(client, fixture.meeting.id)).toEqual(before);
    } else {
      expect(response.statusCode, response.body).toBe(route.ok);
    }
  });

  it('answers "Meeting not found" for a meeting that does not exist', async () => {
    const fixture = await fixtureFor(route, { sharedWith: [viewerUser] });
    const missing = { ...fixture, meeting: { ...fixture.meeting, id: randomUUID() } };
    expectError(
      await send(owner, route, missing),
      404,
      'MEETING_NOT_FOUND',
      ServerMessages.meetingNotFound,
    );
  });

  it('refuses callers without a valid token', async () => {
    const fixture = await fixtureFor(route);
    const before = await state(owner, fixture.meeting.id);
    const user = testUser();
    const tokens = [
      h.runtime.tokens.unsigned(user),
      await h.runtime.tokens.forged(user),
      await h.runtime.tokens.expired(user),
    ];
    expectError(
      await h.inject(null, route.method, route.url(fixture), route.body?.(fixture)),
      401,
      'UNAUTHENTICATED',
    );
    for (const token of tokens) {
      const response = await h.inject(
        null,
        route.method,
        route.url(fixture),
        route.body?.(fixture),
        { authorization: `Bearer ${token}` },
      );
      expectError(response, 401, 'UNAUTHENTICATED');
    }
    expect(await state(owner, fixture.meeting.id)).toEqual(before);
  });

  it('accepts a token it verified before, and still refuses any change to it', async () => {
    const fixture = await fixtureFor(route);
    const token = await h.runtime.tokens.sign(owner.user!);
    const get = (t: string) =>
      h.inject(null, 'GET', `/api/meetings/${fixture.meeting.id}`, undefined, {
        authorization: `Bearer ${t}`,
      });
    expect((await get(token)).statusCode).toBe(200);
    expect((await get(token)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: stranger.user!.id })).toString(
      'base64url',
    );
    const flipped = signature.at(-2) === 'A' ? 'B' : 'A';
    for (const changed of [
      `${header}.${otherUser}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`,
    ]) {
      expectError(await get(changed), 401, 'UNAUTHENTICATED');
    }
  });
});

describe.each(MEETING_ROUTES.filter((route) => route.kind === 'edit'))(
  'an editor: $method $name',
  (route) => {
    it("refuses an editor's changes when the owner's plan does not allow editing", async () => {
      const fixture = freeOwnersEditable;
      const before = await state(editor, fixture.meeting.id);
      const response = await send(editor, route, fixture);
      const code = route.ownerOnly
        ? 'MEETING_READ_ONLY'
        : (route.viewerRefusal ?? 'MEETING_NOT_ENTITLED');
      expectError(response, 403, code);
      expect(await state(editor, fixture.meeting.id)).toEqual(before);
    });
  },
);

describe.each(MEETING_ROUTES.filter((route) => route.kind === 'edit' && !route.ownerOnly))(
  'an editor on the free plan: $method $name',
  (route) => {
    it("lets an editor on the free plan edit on the owner's plan, but not make a copy of their own", async () => {
      const fixture = await fixtureFor(route, { editors: [freeEditorUser] });
      const before = await state(owner, fixture.meeting.id);
      const response = await send(freeEditor, route, fixture);
      if (route.name === 'duplicate') {
        expectError(response, 403, 'MEETING_NOT_ENTITLED', ServerMessages.notEntitledToEdit);
        expect(await state(owner, fixture.meeting.id)).toEqual(before);
      } else {
        expect(response.statusCode, response.body).toBe(route.ok);
      }
    });
  },
);

describe('items of another meeting', () => {
  it('are not found, even for the owner of both', async () => {
    const first = await meetingWithContent(owner);
    const second = await meetingWithContent(owner);
    const before = await state(owner, first.meeting.id);
    const crossed = { ...first, agendaItemId: second.agendaItemId, actionId: second.actionId };
    const itemRoutes = MEETING_ROUTES.filter(
      (route) =>
        route.url(first).includes(first.agendaItemId) || route.url(first).includes(first.actionId),
    );
    expect(itemRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of itemRoutes) {
      const response = await send(owner, route, crossed);
      const agendaRoute = route.url(first).includes(first.agendaItemId);
      expectError(
        response,
        404,
        agendaRoute ? 'MEETING_AGENDA_ITEM_NOT_FOUND' : 'MEETING_ACTION_ITEM_NOT_FOUND',
      );
    }
    expect(await state(owner, first.meeting.id)).toEqual(before);
    expect((await owner.meeting(second.meeting.id)).version).toBe(second.meeting.version);
  });

  it('cannot be named in an order list', async () => {
    const first = await meetingWithContent(owner);
    const second = await meetingWithContent(owner);
    const before = await state(owner, first.meeting.id);
    const agenda = await owner.put(`/api/meetings/${first.meeting.id}/update-agenda-order`, {
      agenda: [{ id: second.agendaItemId, order: 1 }],
    });
    expectError(agenda, 400, 'MEETING_ORDER_MISMATCH');
    const actions = await owner.put(`/api/meetings/${first.meeting.id}/update-action-order`, {
      actions: [{ id: second.actionId, order: 1 }],
    });
    expectError(actions, 400, 'MEETING_ORDER_MISMATCH');
    expect(await state(owner, first.meeting.id)).toEqual(before);
  });
});
