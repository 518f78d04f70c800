import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  signIn,
  startTestPlatform,
  type ApiClient,
  type TestPlatform,
} from '../helpers.js';
import { rawRequest } from '../security/raw-http.js';
import {
  fromOpenApiPath,
  gatewayUpstream,
  registeredRoutes,
  type RegisteredRoute,
} from '../security/registered-routes.js';
import {
  expectOk,
  PERSONAS,
  World,
  type Fixture,
  type Member,
  type Persona,
} from '../security/world.js';
import { ACCESS_MATRIX, routePattern, type CallContext, type MatrixRow } from './matrix.js';

const OPERATOR_TOKEN = 'operator-token-for-access-tests-0123456';

let t: TestPlatform;
let world: World;

beforeAll(async () => {
  // Operator routes on, so a request that reached one with the token would succeed.
  t = await startTestPlatform({ env: { OPERATOR_TOKEN } });
  world = await World.build(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const key = (method: string, path: string) => `${method} ${path}`;
const rowName = (row: MatrixRow) =>
  `${row.method} ${row.route}${row.variant ? ` (${row.variant})` : ''}`;

describe('the access matrix is complete', () => {
  let served: RegisteredRoute[];
  beforeAll(() => {
    served = registeredRoutes(t.platform);
  });

  it('has a row for every /api route a service registers, and none for routes nobody serves', () => {
    const api = served.filter((route) => route.path.startsWith('/api/'));
    // A parse that found nothing would make the comparison below pass vacuously.
    expect(api.length).toBeGreaterThanOrEqual(25);
    const inTable = new Set(ACCESS_MATRIX.map((row) => key(row.method, row.route)));
    const registered = new Set(api.map((route) => key(route.method, route.path)));
    expect(
      [...registered].filter((route) => !inTable.has(route)),
      'routes the services serve that the access matrix (test/access/matrix.ts) lacks',
    ).toEqual([]);
    expect(
      [...inTable].filter((route) => !registered.has(route)),
      'matrix rows for routes no service serves',
    ).toEqual([]);
  });

  it('routes every /api route through the gateway to the service that serves it', () => {
    for (const route of served.filter((r) => r.path.startsWith('/api/')))
      expect(gatewayUpstream(route.path), key(route.method, route.path)).toBe(route.service);
  });

  it('documents every /api route in its service OpenAPI document (the fuzzing reads its schemas there)', () => {
    const documented = Object.values(t.platform.services).flatMap((service) =>
      Object.entries(service.openapi.paths).flatMap(([path, operations]) =>
        Object.keys(operations as object).map((method) =>
          key(method.toUpperCase(), fromOpenApiPath(path)),
        ),
      ),
    );
    const registered = served.map((route) => key(route.method, route.path));
    expect(documented.filter((route) => route.includes(' /api/')).sort()).toEqual(
      registered.filter((route) => route.includes(' /api/')).sort(),
    );
  });

  it('serves routes outside /api only on the management port and /api only on the public port', async () => {
    const notFound = (response: { status: number; text: string }) =>
      response.status === 404 &&
      (JSON.parse(response.text) as { code?: string }).code === 'NOT_FOUND';
    const internal = served.filter((route) => !route.path.startsWith('/api/'));
    expect(internal.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/internal/jwks',
        '/internal/sessions/resolve',
        '/internal/subscriptions/trial-end',
        '/internal/index/rebuild',
        '/metrics',
        '/readyz',
        '/openapi.json',
      ]),
    );
    for (const route of served) {
      const path = route.path.replace(/:\w+/g, randomUUID());
      const service = t.platform.services[route.service];
      // Node sends no length for a DELETE body: only POST and PUT carry one.
      const ask = (base: string) =>
        rawRequest(base, route.method, path, {
          headers: { 'content-type': 'application/json' },
          body: route.method === 'POST' || route.method === 'PUT' ? '{}' : undefined,
        });
      const [onPublic, onManagement] = [await ask(service.url), await ask(service.managementUrl)];
      const at = `${route.service} ${route.method} ${route.path}`;
      if (route.path === '/healthz') {
        expect([onPublic.status, onManagement.status], at).toEqual([200, 200]);
      } else if (route.path.startsWith('/api/')) {
        expect(notFound(onManagement), `${at} on the management port`).toBe(true);
        expect(notFound(onPublic), `${at} on the public port`).toBe(false);
      } else {
        expect(notFound(onPublic), `${at} on the public port`).toBe(true);
        expect(notFound(onManagement), `${at} on the management port`).toBe(false);
      }
    }
  });

  it('keeps every route outside /api unreachable through the gateway, also by ../, backslashes and encodings', async () => {
    const internal = served.filter((route) => !route.path.startsWith('/api/'));
    for (const route of internal) {
      const path = route.path.replace(/:\w+/g, randomUUID());
      const service = t.platform.services[route.service];
      const direct = await rawRequest(service.managementUrl, route.method, path, {
        headers: { 'content-type': 'application/json', 'x-operator-token': OPERATOR_TOKEN },
        body: route.method === 'GET' ? undefined : '{}',
      });
      for (const attempt of [
        `/api/auth/../..${path}`,
        `/api/auth/%2e%2e/%2e%2e${path}`,
        `/api/auth/.%2e/.%2E${path}`,
        `/api/auth/%252e%252e/%252e%252e${path}`,
        `/api/auth/..%2f..%2f..${path}`,
        `/api/auth/x%5c..%5c..%5c..${path}`,
        `/api/meetings/%2E%2E%2F%2E%2E${path}`,
        `/api/actions/..;/..;${path}`,
        `/api/auth/..\\..${path}`,
        `/api/auth/x\\..\\..\\..${path.replaceAll('/', '\\')}`,
        `/api/auth//..//..${path}`,
        `//127.0.0.1:${new URL(service.url).port}${path}`,
        `//127.0.0.1:${new URL(service.managementUrl).port}${path}`,
      ]) {
        const through = await rawRequest(t.platform.url, route.method, attempt, {
          headers: {
            'content-type': 'application/json',
            'x-operator-token': OPERATOR_TOKEN,
          },
          body: route.method === 'GET' ? undefined : '{}',
        });
        expect(through.status, `${route.method} ${attempt}`).toBeGreaterThanOrEqual(400);
        expect(through.status, `${route.method} ${attempt}`).toBeLessThan(500);
        if (direct.status < 400) expect(through.text, attempt).not.toBe(direct.text);
        expect(JSON.parse(through.text)).toMatchObject({ code: expect.any(String) });
      }
    }
  });
});

function context(persona: Persona, target: Fixture): CallContext {
  const member = persona === 'signedOut' ? undefined : world.members[persona];
  return {
    target,
    email: member?.email ?? `anonymous-${randomUUID()}@example.com`,
    plan: member?.plan ?? null,
    sharedUserEmail: world.members.sharedUser.email,
  };
}

async function stateFor(persona: Persona, target: Fixture) {
  const member = persona === 'signedOut' ? undefined : world.members[persona];
  return {
    target: await world.meetingState(target.meetingId),
    caller: member ? await world.snapshotOf(member) : null,
  };
}

describe.each(ACCESS_MATRIX.map((row) => ({ ...row, name: rowName(row) })))('$name', (row) => {
  it.each(
    PERSONAS.map((persona, index) => {
      const expected = row.outcomes[index]!;
      const listed =
        expected.lists === undefined ? '' : expected.lists ? ', listed' : ', not listed';
      return {
        persona,
        expected,
        answer: `${expected.status} ${expected.code ?? ''}${listed}`.trim(),
      };
    }),
  )('$persona → $answer', async ({ persona, expected }) => {
    const target =
      row.writes && persona === 'owner' ? await world.freshOwnerMeeting() : world.targetOf(persona);
    const call = row.call(context(persona, target));
    expect(call.url).toMatch(routePattern(row.route));
    let client: ApiClient = world.client(persona);
    if (row.endsSession && persona !== 'signedOut') client = await world.newSession(persona);

    const before = await stateFor(persona, target);
    const response = await client.call(row.method, call.url, call.body);
    expect({ status: response.status, code: response.json?.code }, response.text).toMatchObject(
      expected.code
        ? { status: expected.status, code: expected.code }
        : { status: expected.status },
    );
    if (response.status >= 400) {
      expect(response.json).toMatchObject({
        statusCode: response.status,
        error: expect.any(String),
      });
      expect(await stateFor(persona, target), 'a refused call changed nothing').toEqual(before);
    }
    if (expected.lists !== undefined) {
      const listed = response.text.includes(target.meetingId) || response.text.includes(target.tag);
      expect(listed, `${persona} sees "${target.title}" in the list`).toBe(expected.lists);
    }
    if (row.endsSession && response.status < 400) {
      expect((await client.call('GET', '/api/auth/status')).status).toBe(401);
      expect((await world.client(persona).call('GET', '/api/auth/status')).status).toBe(200);
    }
  });
});

describe('ids of another meeting', () => {
  const itemRows = ACCESS_MATRIX.filter((row) => /:itemId|:actionId/.test(row.route));

  it('refuses agenda and action ids from another meeting of the same owner', async () => {
    expect(itemRows.length).toBeGreaterThanOrEqual(6);
    const target = await world.freshOwnerMeeting();
    const other = await world.freshOwnerMeeting();
    const crossed = { ...target, agendaItemId: other.agendaItemId, actionId: other.actionId };
    const before = [
      await world.meetingState(target.meetingId),
      await world.meetingState(other.meetingId),
    ];
    for (const row of itemRows) {
      const call = row.call(context('owner', crossed));
      const response = await world.client('owner').call(row.method, call.url, call.body);
      const agenda = row.route.includes('agenda');
      expect({ status: response.status, code: response.json.code }, rowName(row)).toEqual({
        status: 404,
        code: agenda ? 'MEETING_AGENDA_ITEM_NOT_FOUND' : 'MEETING_ACTION_ITEM_NOT_FOUND',
      });
    }
    for (const [field, list, id] of [
      ['agenda', 'update-agenda-order', other.agendaItemId],
      ['actions', 'update-action-order', other.actionId],
    ] as const) {
      const response = await world
        .client('owner')
        .call('PUT', `/api/meetings/${target.meetingId}/${list}`, { [field]: [{ id, order: 1 }] });
      expect({ status: response.status, code: response.json.code }, list).toEqual({
        status: 400,
        code: 'MEETING_ORDER_MISMATCH',
      });
    }
    expect([
      await world.meetingState(target.meetingId),
      await world.meetingState(other.meetingId),
    ]).toEqual(before);
  });

  it("refuses another owner's item ids named under the caller's own meeting", async () => {
    const stranger = world.members.payingStranger;
    const own = await world.meeting(stranger, []);
    const crossed = {
      ...own,
      agendaItemId: world.shared.agendaItemId,
      actionId: world.shared.actionId,
    };
    const before = await world.meetingState(world.shared.meetingId);
    for (const row of itemRows) {
      const call = row.call(context('payingStranger', crossed));
      const response = await stranger.client.call(row.method, call.url, call.body);
      expect(response.status, rowName(row)).toBe(404);
    }
    expect(await world.meetingState(world.shared.meetingId)).toEqual(before);
  });
});

/** Polls each check until it holds; answers how long after `start` each first held. */
async function timesUntil(
  start: number,
  checks: Record<string, () => Promise<boolean>>,
  timeoutMs = 5_000,
): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  while (Object.keys(times).length < Object.keys(checks).length) {
    for (const [name, check] of Object.entries(checks)) {
      if (times[name] === undefined && (await check())) times[name] = Date.now() - start;
    }
    if (Date.now() - start > timeoutMs)
      throw new Error(
        `not in force after ${timeoutMs} ms: ${Object.keys(checks)
          .filter((n) => times[n] === undefined)
          .join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return times;
}

describe('changes of access take effect within a second', () => {
  it('a revoked share: the meeting, its ticks and the lists refuse the user', async () => {
    const { owner, sharedUser } = world.members;
    const fixture = await world.meeting(owner, [sharedUser], 'Revoke');
    const inActions = async () =>
      (
        await sharedUser.client.call(
          'GET',
          `/api/actions?showCompleted=true&search=${encodeURIComponent(fixture.title)}`,
        )
      ).text.includes(fixture.actionId);
    await eventually(async () => (await inActions()) || undefined);
    const m = `/api/meetings/${fixture.meetingId}`;
    expect((await sharedUser.client.call('GET', m)).status).toBe(200);

    await expectOk(
      owner.client.call('PUT', `${m}/remove-shared-user`, { email: sharedUser.email }),
    );
    const start = Date.now();
    const refused = async (method: string, path: string, body?: unknown) =>
      (await sharedUser.client.call(method, path, body)).status === 403;
    const times = await timesUntil(start, {
      meeting: () => refused('GET', m),
      tick: () =>
        refused('PUT', `${m}/update-action-item/${fixture.actionId}`, { completed: true }),
      'actions tick': () =>
        refused('PUT', `/api/actions/${fixture.meetingId}/action/${fixture.actionId}/status`, {
          completed: true,
        }),
      'meetings list': async () =>
        !(
          await sharedUser.client.call(
            'GET',
            `/api/meetings?title=${encodeURIComponent(fixture.title)}`,
          )
        ).text.includes(fixture.meetingId),
      'actions list': async () => !(await inActions()),
    });
    console.log(`revoked share in force after (ms): ${JSON.stringify(times)}`);
    for (const [check, ms] of Object.entries(times)) expect(ms, check).toBeLessThan(1_000);
  });

  it('a downgrade to free: editing and creating are refused', async () => {
    const member = await signedInMember(`downgrade-${randomUUID().slice(0, 8)}@example.com`);
    const fixture = await world.meeting(member, [], 'Downgrade');
    const m = `/api/meetings/${fixture.meetingId}`;
    // An edit that succeeds leaves the entitlement cached as it was when paying.
    await expectOk(member.client.call('PUT', `${m}/update-info`, { title: fixture.title }));

    await expectOk(member.client.call('POST', '/api/auth/update-subscription', { status: 'free' }));
    const start = Date.now();
    const refused = async (method: string, path: string, body?: unknown) => {
      const response = await member.client.call(method, path, body);
      return response.status === 403 && response.json.code === 'MEETING_NOT_ENTITLED';
    };
    const times = await timesUntil(start, {
      edit: () => refused('PUT', `${m}/update-info`, { title: fixture.title }),
      'add item': () => refused('PUT', `${m}/add-agenda-item`, { text: 'After the downgrade' }),
      create: () => refused('POST', '/api/meetings/create', { title: 'After the downgrade' }),
    });
    console.log(`downgrade in force after (ms): ${JSON.stringify(times)}`);
    for (const [check, ms] of Object.entries(times)) expect(ms, check).toBeLessThan(1_000);

    // And back: paying again lets them edit at once.
    await expectOk(member.client.call('POST', '/api/auth/update-subscription', { status: 'paid' }));
    const upgraded = await timesUntil(Date.now(), {
      edit: async () =>
        (await member.client.call('PUT', `${m}/update-info`, { title: fixture.title })).status ===
        200,
    });
    expect(upgraded.edit).toBeLessThan(1_000);
  });
});

async function signedInMember(email: string): Promise<Member> {
  const client = await signIn(t, email);
  const id = ((await client.call('GET', '/api/auth/status')).json.user as { id: string }).id;
  await expectOk(client.call('POST', '/api/auth/update-subscription', { status: 'paid' }));
  return { persona: 'payingStranger', id, email, plan: 'paid', client };
}
