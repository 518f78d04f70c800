import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestPlatform, type ApiClient, type TestPlatform } from './helpers.js';

/** The actions page's promise (docs/product.md, Agenda and actions): a change made on a meeting shows there within a second. */
const WITHIN_MS = 1_000;
const OPERATOR_TOKEN = 'operator-token-for-platform-tests-0123';

interface ActionsPage {
  meetings: {
    id: string;
    title: string;
    date: string;
    actions: { id: string; text: string; completed: boolean; hashtags: string[] }[];
  }[];
}

let t: TestPlatform;
let alice: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform({ env: { OPERATOR_TOKEN } });
  alice = await signIn(t, 'alice.actions@example.com');
  bob = await signIn(t, 'bob.actions@example.com');
});

afterAll(async () => {
  await t?.close();
});

async function actionsOf(client: ApiClient, query = 'showCompleted=true'): Promise<ActionsPage> {
  const response = await client.call('GET', `/api/actions/?${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as ActionsPage;
}

/** Waits for the actions page to satisfy `seen`, failing if that takes longer than a second. */
async function shownWithinASecond(
  client: ApiClient,
  seen: (page: ActionsPage) => boolean,
): Promise<ActionsPage> {
  const started = Date.now();
  for (;;) {
    const page = await actionsOf(client);
    if (seen(page)) return page;
    if (Date.now() - started > WITHIN_MS)
      throw new Error(`not on the actions page within ${WITHIN_MS} ms: ${JSON.stringify(page)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function ok(
  response: Promise<{ status: number; text: string; json: Record<string, unknown> }>,
) {
  const answered = await response;
  expect(answered.status, answered.text).toBeLessThan(300);
  return answered.json;
}

describe('changes made through /api/meetings reach GET /api/actions within a second', () => {
  let meetingId: string;

  it('a new meeting with an action', async () => {
    const created = await ok(
      alice.call('POST', '/api/meetings/create', { title: 'Platform sync' }),
    );
    meetingId = (created.meeting as { id: string }).id;
    await ok(
      alice.call('PUT', `/api/meetings/${meetingId}/add-action-item`, {
        text: 'Ship the index #release',
      }),
    );
    const page = await shownWithinASecond(alice, (p) =>
      p.meetings.some((m) => m.id === meetingId && m.actions.length === 1),
    );
    expect(page.meetings.find((m) => m.id === meetingId)).toMatchObject({
      title: 'Platform sync',
      actions: [{ text: 'Ship the index #release', completed: false, hashtags: ['release'] }],
    });
  });

  it('a rename and a new date', async () => {
    const date = '2030-01-15T10:30:00.000Z';
    await ok(
      alice.call('PUT', `/api/meetings/${meetingId}/update-info`, {
        title: 'Platform weekly',
        date,
      }),
    );
    await shownWithinASecond(alice, (p) =>
      p.meetings.some(
        (m) => m.id === meetingId && m.title === 'Platform weekly' && m.date === date,
      ),
    );
  });

  it('sharing: the shared user sees it, then no longer does', async () => {
    expect((await actionsOf(bob)).meetings).toEqual([]);
    await ok(
      alice.call('PUT', `/api/meetings/${meetingId}/add-shared-user`, {
        email: 'bob.actions@example.com',
      }),
    );
    await shownWithinASecond(bob, (p) => p.meetings.some((m) => m.id === meetingId));
    await ok(
      alice.call('PUT', `/api/meetings/${meetingId}/remove-shared-user`, {
        email: 'bob.actions@example.com',
      }),
    );
    await shownWithinASecond(bob, (p) => p.meetings.length === 0);
  });

  it('ticking on the actions page: svc-meetings answers with the action, the list shows it within a second', async () => {
    const [action] = (await actionsOf(alice)).meetings.find((m) => m.id === meetingId)!.actions;
    const ticked = await alice.call(
      'PUT',
      `/api/actions/${meetingId}/action/${action!.id}/status`,
      { completed: true },
    );
    expect(ticked.status, ticked.text).toBe(200);
    expect(ticked.json).toEqual({
      action: { ...action, _id: action!.id, completed: true, meetingId },
    });
    const meeting = await ok(alice.call('GET', `/api/meetings/${meetingId}`));
    expect((meeting.meeting as { actions: { completed: boolean }[] }).actions[0]!.completed).toBe(
      true,
    );
    await shownWithinASecond(alice, (p) =>
      p.meetings.some(
        (m) => m.id === meetingId && m.actions.some((a) => a.id === action!.id && a.completed),
      ),
    );
    const open = await actionsOf(alice, 'showCompleted=false');
    expect(open.meetings.some((m) => m.id === meetingId)).toBe(false);
  });

  it('a stranger cannot tick it: svc-meetings refuses', async () => {
    const [action] = (await actionsOf(alice)).meetings.find((m) => m.id === meetingId)!.actions;
    const refused = await bob.call('PUT', `/api/actions/${meetingId}/action/${action!.id}/status`, {
      completed: false,
    });
    expect({ status: refused.status, error: refused.json.error }).toEqual({
      status: 403,
      error: 'Access denied',
    });
  });

  it('hashtag suggestions come from what the meeting holds', async () => {
    const suggestions = await ok(alice.call('GET', '/api/actions/hashtags?q=rel'));
    expect(suggestions).toEqual({ hashtags: ['release'] });
  });

  it('the whole index rebuilds from svc-meetings to the same content', async () => {
    const before = await actionsOf(alice);
    const actions = t.platform.services.actions;
    await actions.dataSource.query(`DELETE FROM indexed_meeting`);
    expect((await actionsOf(alice)).meetings).toEqual([]);
    const headers = { 'x-operator-token': OPERATOR_TOKEN };
    expect(
      (await fetch(`${actions.managementUrl}/internal/index/rebuild`, { method: 'POST', headers }))
        .status,
    ).toBe(202);
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${actions.managementUrl}/internal/index/rebuild`, { headers })
            ).json()) as {
              state: string;
            }
          ).state,
      )
      .toBe('succeeded');
    expect(await actionsOf(alice)).toEqual(before);
  });

  it('deleting the meeting', async () => {
    await ok(alice.call('DELETE', `/api/meetings/${meetingId}/delete`));
    await shownWithinASecond(alice, (p) => !p.meetings.some((m) => m.id === meetingId));
  });
});
