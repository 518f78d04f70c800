import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type ApiClient, type TestPlatform } from '../helpers.js';
import { rawRequest } from '../security/raw-http.js';
import { fromOpenApiPath } from '../security/registered-routes.js';
import { suite } from '../security/suite.js';
import { expectOk, World, type Fixture, type Member } from '../security/world.js';
import { ACCESS_MATRIX } from '../access/matrix.js';
import {
  CRAFTED_NEAR_MISSES,
  encodeAny,
  hostileBody,
  hostilePathParam,
  hostileQuery,
  NEAR_MISS_LENGTHS,
  Ref,
  type IdRole,
  type JsonSchema,
  type RawBody,
} from './arbitraries.js';

/**
 * Property-based fuzzing of every /api route, generated from the schemas each service publishes
 * in its OpenAPI document: whatever arrives, no 5xx, an error body on refusal, nothing changed by
 * a refusal, no prototype polluted in the (in-process) services.
 */

interface Operation {
  method: string;
  /** OpenAPI form: /api/meetings/{id}. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
}

/** Every route once (the matrix has a row per variant). */
const ROUTES = [
  ...new Map(ACCESS_MATRIX.map((row) => [`${row.method} ${row.route}`, row])).values(),
].map(({ method, route }) => ({ method, route }));

type Caller = 'owner' | 'sharedUser' | 'signedOut';

interface FuzzRequest {
  caller: Caller;
  params: Record<string, Ref | string>;
  query: [string, string][];
  body?: RawBody;
}

const OPERATOR_TOKEN = 'operator-token-for-fuzz-tests-0123456789';

/** What only an internal, operator or management route answers with. */
const INTERNAL_ANSWERS = ['"keys":', 'nodejs_', '"openapi":', '"checks":', '"exported":'];

let t: TestPlatform;
let world: World;
let targets: Targets;
let operations: Operation[];
const tally = new Map<string, Map<string, number>>();
let started = 0;

beforeAll(async () => {
  // Operator routes on: a request that reached one with the token would be answered.
  t = await startTestPlatform({ env: { OPERATOR_TOKEN } });
  world = await World.build(t);
  targets = new Targets(world);
  operations = Object.values(t.platform.services).flatMap((service) =>
    Object.entries(service.openapi.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods as Record<string, OpenApiOperation>).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          pathParams: (operation.parameters ?? [])
            .filter((p) => p.in === 'path')
            .map((p) => p.name),
          query: (operation.parameters ?? [])
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, schema: p.schema })),
          body: operation.requestBody?.content?.['application/json']?.schema,
        })),
      ),
  );
  started = Date.now();
}, 120_000);

afterAll(async () => {
  if (tally.size > 0) {
    let total = 0;
    const lines = [...tally].map(([route, statuses]) => {
      const count = [...statuses.values()].reduce((a, b) => a + b, 0);
      total += count;
      const summary = [...statuses].sort().map(([status, n]) => `${status}×${n}`);
      return `  ${route}: ${summary.join(' ')}`;
    });
    console.log(
      `fuzzing: ${total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s\n${lines.join('\n')}`,
    );
  }
  await t?.close();
});

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/**
 * The meetings the fuzzing aims at, by role. A fuzzed delete may remove the meeting or its items:
 * the next request gets a fresh one.
 */
class Targets {
  mine!: Fixture;
  other!: Fixture;
  constructor(private readonly w: World) {}

  async ensure(): Promise<void> {
    if (!this.mine || !(await this.complete(this.mine.meetingId)))
      this.mine = await this.w.freshOwnerMeeting();
    if (!this.other || !(await this.complete(this.other.meetingId)))
      this.other = await this.w.freshOwnerMeeting();
  }

  private async complete(meetingId: string): Promise<boolean> {
    const [row] = (await this.w.t.platform.services.meetings.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM agenda_item WHERE meeting_id = $1) AND
              EXISTS (SELECT 1 FROM action_item WHERE meeting_id = $1) AS complete`,
      [meetingId],
    )) as { complete: boolean }[];
    return row?.complete === true;
  }

  async resolve(role: IdRole): Promise<string> {
    const first = async (table: string, meetingId: string) => {
      const [row] = (await this.w.t.platform.services.meetings.dataSource.query(
        `SELECT id FROM ${table} WHERE meeting_id = $1 ORDER BY position LIMIT 1`,
        [meetingId],
      )) as { id: string }[];
      return row?.id ?? '00000000-0000-4000-8000-000000000000';
    };
    switch (role) {
      case 'meeting':
        return this.mine.meetingId;
      case 'agendaItem':
        return first('agenda_item', this.mine.meetingId);
      case 'action':
        return first('action_item', this.mine.meetingId);
      case 'otherMeeting':
        return this.other.meetingId;
      case 'otherAgendaItem':
        return first('agenda_item', this.other.meetingId);
      case 'otherAction':
        return first('action_item', this.other.meetingId);
      case 'strangersMeeting':
        return this.w.strangers.meetingId;
      case 'strangersAction':
        return this.w.strangers.actionId;
    }
  }

  async resolveAll(value: unknown): Promise<unknown> {
    if (value instanceof Ref) return this.resolve(value.role);
    if (Array.isArray(value)) return Promise.all(value.map((item) => this.resolveAll(item)));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        Object.defineProperty(out, key, {
          value: await this.resolveAll(item),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return value;
  }
}

const ASCII_PATH = /^[\x21-\x7e]*$/;

function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const withBody = operation.method !== 'GET';
  return fc.record({
    caller: fc.constantFrom<Caller>(
      'owner',
      'owner',
      'owner',
      'owner',
      'owner',
      'owner',
      'sharedUser',
      'signedOut',
    ),
    params: fc.record(
      Object.fromEntries(operation.pathParams.map((name) => [name, hostilePathParam()])),
    ) as fc.Arbitrary<Record<string, Ref | string>>,
    query: hostileQuery(operation.query),
    body: withBody
      ? operation.body || operation.method !== 'DELETE'
        ? hostileBody(operation.body).map((b) => b as RawBody | undefined)
        : fc.option(hostileBody(undefined), { nil: undefined })
      : fc.constant(undefined),
  });
}

function clientOf(caller: Caller): ApiClient | undefined {
  return caller === 'signedOut' ? undefined : world.members[caller].client;
}

/** Routes that answer a file rather than JSON when they succeed (refusals are JSON everywhere). */
const FILE_ROUTES: Record<string, RegExp> = {
  'GET /api/meetings/{id}/export.md': /^text\/markdown; charset=utf-8$/,
  'GET /api/meetings/{id}/calendar.ics': /^text\/calendar; charset=utf-8$/,
  'GET /api/meetings/{id}/live': /^text\/event-stream; charset=utf-8$/,
  'GET /api/calendar/feed/{token}/meetings.ics': /^text\/calendar; charset=utf-8$/,
};

/** Sends one generated request and checks what the fuzzing promises. */
async function exercise(operation: Operation, request: FuzzRequest): Promise<void> {
  await targets.ensure();
  let path = fromOpenApiPath(operation.path);
  for (const name of operation.pathParams) {
    const param = request.params[name]!;
    const value = param instanceof Ref ? await targets.resolve(param.role) : param;
    path = path.replace(`:${name}`, ASCII_PATH.test(value) ? value : encodeAny(value));
  }
  if (request.query.length > 0)
    path += `?${request.query.map(([k, v]) => `${encodeAny(k)}=${encodeAny(v)}`).join('&')}`;

  let payload: string | undefined;
  if (request.body?.kind === 'json') {
    payload = JSON.stringify(await targets.resolveAll(request.body.value)) ?? 'null';
  } else if (request.body?.kind === 'raw') payload = request.body.text;
  const headers: Record<string, string> = {};
  const cookie = clientOf(request.caller)?.sessionCookie;
  if (cookie) headers.cookie = cookie;
  if (payload !== undefined) {
    headers['content-type'] = request.body?.contentType ?? 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }

  const owner = world.members.owner;
  const caller = request.caller === 'signedOut' ? undefined : world.members[request.caller];
  const before = await fingerprints(owner, caller);
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).join();
  const response = await rawRequest(t.platform.url, operation.method, path, {
    headers,
    body: payload,
  });
  count(`${operation.method} ${operation.path}`, response);

  const context = `${operation.method} ${path} as ${request.caller} → ${response.status} ${response.text.slice(0, 300)}`;
  expect(response.status, context).toBeGreaterThanOrEqual(200);
  expect(response.status, context).toBeLessThan(500);
  const file = FILE_ROUTES[`${operation.method} ${operation.path}`];
  expect(response.headers['content-type'], context).toMatch(
    file && response.status === 200 ? file : /^application\/json/,
  );
  expect(Object.getOwnPropertyNames(Object.prototype).join(), 'Object.prototype').toBe(
    prototypeBefore,
  );
  expect(({} as Record<string, unknown>).polluted, 'Object.prototype.polluted').toBeUndefined();
  if (response.status >= 400) {
    const body = JSON.parse(response.text) as { statusCode: number; code: string };
    expect(body, context).toMatchObject({ statusCode: response.status, code: expect.any(String) });
    expect(await fingerprints(owner, caller), `refusal changed data: ${context}`).toEqual(before);
  } else {
    await restore(operation, request, response.status);
  }
}

async function fingerprints(owner: Member, caller: Member | undefined) {
  return [
    await world.fingerprintOf(owner),
    caller && caller !== owner ? await world.fingerprintOf(caller) : '',
  ];
}

/** Undoes accepted calls that would stop the next runs reaching deep: a logout, a downgrade. */
async function restore(operation: Operation, request: FuzzRequest, _status: number) {
  if (request.caller === 'signedOut') return;
  const member = world.members[request.caller];
  if (operation.path === '/api/auth/logout') member.client = await world.newSession(member.persona);
  if (operation.path === '/api/auth/update-subscription')
    await expectOk(
      member.client.call('POST', '/api/auth/update-subscription', { status: member.plan }),
    );
}

/** fc.assert, with a failure message short enough to read (counterexamples can be megabytes). */
async function check<T>(property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  const details = await fc.check(property, { numRuns, seed: suite.seed, endOnFailure: true });
  if (!details.failed) return;
  const shorten = (text: string) =>
    text.length > 1_500 ? `${text.slice(0, 1_500)}… (${text.length} characters)` : text;
  const error =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
  throw new Error(
    `failed after ${details.numRuns} runs; replay with FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})\n` +
      `${shorten(error)}\ncounterexample: ${shorten(fc.stringify(details.counterexample))}`,
  );
}

function count(route: string, response: { status: number; text: string }) {
  let code = '';
  if (response.status >= 400) {
    try {
      code = ` ${(JSON.parse(response.text) as { code?: string }).code}`;
    } catch {
      code = ' (not JSON)';
    }
  }
  const statuses = tally.get(route) ?? new Map<string, number>();
  const label = `${response.status}${code}`;
  statuses.set(label, (statuses.get(label) ?? 0) + 1);
  tally.set(route, statuses);
}

/** Path segments of the management routes: neither the gateway nor a public port may reach them. */
const MANAGEMENT_SEGMENTS = [
  'internal',
  'jwks',
  'sessions',
  'resolve',
  'index',
  'rebuild',
  'subscriptions',
  'trial-end',
  'metrics',
  'readyz',
  'openapi.json',
];

describe('fuzzing every /api route from its OpenAPI schemas', () => {
  it('fuzzes exactly the routes of the access matrix (which CI keeps complete)', () => {
    expect(operations.map((o) => `${o.method} ${fromOpenApiPath(o.path)}`).sort()).toEqual(
      ROUTES.map((r) => `${r.method} ${r.route}`).sort(),
    );
  });

  it.each(ROUTES)('$method $route', { timeout: suite.timeoutMs }, async ({ method, route }) => {
    const operation = operations.find(
      (candidate) => candidate.method === method && fromOpenApiPath(candidate.path) === route,
    );
    expect(operation, 'its OpenAPI operation').toBeDefined();
    await check(
      fc.asyncProperty(requestFor(operation!), (request) => exercise(operation!, request)),
      suite.fuzzRunsPerRoute,
    );
  });

  it('random methods and paths under /api', { timeout: suite.timeoutMs }, async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'auth',
        'meetings',
        'actions',
        'action',
        'status',
        'hashtags',
        'create',
        'delete',
        ...MANAGEMENT_SEGMENTS,
        '..',
        '.',
        '%2e%2e',
        '.%2e',
        '%2E.',
        '%252e%252e',
        '%2f',
        '%5c',
        'x\\..\\..\\..',
        '..\\',
        '\\internal',
        '',
      ),
      fc.uuid(),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeAny),
    );
    const method = fc.constantFrom(
      'GET',
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'HEAD',
      'TRACE',
    );
    await check(
      fc.asyncProperty(
        method,
        fc.array(segment, { minLength: 1, maxLength: 6 }),
        hostileBody(undefined),
        async (verb, segments, body) => {
          const owner = world.members.owner;
          const before = await world.fingerprintOf(owner);
          const payload = body.kind === 'json' ? (JSON.stringify(body.value) ?? 'null') : body.text;
          const sendsBody = !['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(verb);
          const path = `/api/${segments.join('/')}`;
          const response = await rawRequest(t.platform.url, verb, path, {
            headers: {
              cookie: owner.client.sessionCookie,
              'x-operator-token': OPERATOR_TOKEN,
              ...(sendsBody
                ? {
                    'content-type': 'application/json',
                    'content-length': String(Buffer.byteLength(payload)),
                  }
                : {}),
            },
            body: sendsBody ? payload : undefined,
          });
          count('random paths', response);
          const context = `${verb} ${path} → ${response.status} ${response.text.slice(0, 200)}`;
          expect(response.status, context).toBeLessThan(500);
          for (const answer of INTERNAL_ANSWERS)
            expect(response.text.includes(answer), context).toBe(false);
          if (response.status >= 400)
            expect(await world.fingerprintOf(owner), context).toBe(before);
          else await targets.ensure();
        },
      ),
      suite.fuzzRandomPaths,
    );
  });

  it("random paths on the services' public ports never reach a management route", async () => {
    const segment = fc.oneof(
      fc.constantFrom(...MANAGEMENT_SEGMENTS, '..', '%2e%2e', '%2f', '%5c', ''),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeAny),
    );
    const services = Object.values(t.platform.services);
    await check(
      fc.asyncProperty(
        fc.constantFrom(...services),
        fc.constantFrom('GET', 'POST', 'PUT'),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        async (service, verb, segments) => {
          const path = `/${segments.join('/')}`;
          const response = await rawRequest(service.url, verb, path, {
            headers: { 'content-type': 'application/json', 'x-operator-token': OPERATOR_TOKEN },
            body: verb === 'GET' ? undefined : '{}',
          });
          const context = `${service.name} ${verb} ${path} → ${response.status} ${response.text.slice(0, 200)}`;
          expect(response.status, context).toBeLessThan(500);
          for (const answer of INTERNAL_ANSWERS)
            expect(response.text.includes(answer), context).toBe(false);
        },
      ),
      suite.fuzzRandomPaths,
    );
  });

  it(
    'refuses crafted near-misses in every pattern-checked field at once, whatever their length',
    { timeout: suite.timeoutMs },
    async () => {
      // Bodies up to a megabyte; query strings up to what a URL carries.
      const fields: { name: string; send: (value: string) => Promise<number> }[] = [
        { name: 'request-otp email', send: (v) => post('/api/auth/request-otp', { email: v }) },
        {
          name: 'validate-otp email',
          send: (v) => post('/api/auth/validate-otp', { email: v, code: '123456' }),
        },
        {
          name: 'validate-otp code',
          send: (v) => post('/api/auth/validate-otp', { email: 'a@example.com', code: v }),
        },
        {
          name: 'add-shared-user email',
          send: (v) => put('add-shared-user', { email: v }),
        },
        {
          name: 'remove-shared-user email',
          send: (v) => put('remove-shared-user', { email: v }),
        },
        { name: 'actions hashtag', send: (v) => get('/api/actions', 'hashtag', v) },
        { name: 'hashtag suggestions', send: (v) => get('/api/actions/hashtags', 'q', v) },
      ];
      const owner = world.members.owner;
      const before = await world.fingerprintOf(owner);
      for (const field of fields) {
        for (const n of NEAR_MISS_LENGTHS) {
          for (const build of CRAFTED_NEAR_MISSES) {
            const value = build(n);
            const status = await field.send(value);
            const context = `${field.name}: ${value.slice(0, 24)}… (${value.length})`;
            expect(status, context).toBeGreaterThanOrEqual(400);
            expect(status, context).toBeLessThan(500);
          }
        }
      }
      expect(await world.fingerprintOf(owner)).toBe(before);
      expect((await rawRequest(t.platform.url, 'GET', '/healthz')).status).toBe(200);

      async function post(path: string, body: object) {
        return (await send('POST', path, JSON.stringify(body), '')).status;
      }
      async function put(action: string, body: object) {
        const path = `/api/meetings/${world.shared.meetingId}/${action}`;
        return (await send('PUT', path, JSON.stringify(body), owner.client.sessionCookie)).status;
      }
      async function get(path: string, name: string, value: string) {
        // Past a URL's length the gateway refuses the request line itself: still a refusal.
        const query = `${name}=${encodeAny(value.slice(0, 8_000))}`;
        return (await send('GET', `${path}?${query}`, undefined, owner.client.sessionCookie))
          .status;
      }
      function send(method: string, path: string, body: string | undefined, cookie: string) {
        return rawRequest(t.platform.url, method, path, {
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(body === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': String(Buffer.byteLength(body)),
                }),
          },
          body,
        });
      }
    },
  );

  it('leaves the actions index agreeing with the meetings after all that', async () => {
    const { meetings, actions } = t.platform.services;
    const owner = world.members.owner;
    const truth = async () =>
      meetings.dataSource.query(
        `SELECT x.meeting_id, x.id, x.text, x.completed FROM action_item x JOIN meeting m ON m.id = x.meeting_id
         WHERE m.owner_id = $1 ORDER BY x.meeting_id, x.id`,
        [owner.id],
      );
    const indexed = async () =>
      actions.dataSource.query(
        `SELECT a.meeting_id, a.id, a.text, a.completed FROM indexed_action a
           JOIN indexed_meeting m ON m.id = a.meeting_id
         WHERE m.owner_id = $1 AND m.deleted_at IS NULL ORDER BY a.meeting_id, a.id`,
        [owner.id],
      );
    await eventually(
      async () => JSON.stringify(await truth()) === JSON.stringify(await indexed()),
      15_000,
    ).catch(() => undefined);
    expect(await indexed()).toEqual(await truth());
  });
});
