import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ENTITLEMENT_PATH,
  EntitlementSchema,
  InternalTokenClaimsSchema,
  SubscriptionChangedSchema,
  TRIAL_DAYS,
  type Entitlement,
  type SubscriptionChanged,
  type SubscriptionStatusValue,
} from '@meetings/contracts';
import { canCreateMeetings, daysRemaining } from '@meetings/domain';
import { Errors } from '@meetings/service-kit';
import type { TestUser } from '@meetings/service-kit/testing';

/**
 * svc-subscription's part of the entitlement contract, played by the tests: `GET
 * /internal/entitlement` answers the plan a test set for the user of the caller's token (a new
 * user is on a trial, as svc-subscription would put them), and `event` gives the
 * `subscription.changed` that goes with a plan. Answers and events are parsed by the contract's
 * schemas, so the stub cannot say what svc-subscription could not.
 */
export class EntitlementStub {
  /** The user ids asked about, in order. */
  readonly calls: string[] = [];
  private readonly plans = new Map<string, Entitlement>();
  private readonly hanging = new Set<string>();

  private readonly server: Server = createServer((request, response) => {
    const answer = this.answer(request);
    if (answer === 'hang') return;
    response.statusCode = answer.status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer.body));
  });

  private constructor() {}

  static async start(): Promise<EntitlementStub> {
    const stub = new EntitlementStub();
    await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
    return stub;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * Puts the user on a plan, one version after their last, and returns it; `canCreate` follows the
   * product's rule as svc-subscription's does.
   */
  set(
    user: TestUser,
    status: SubscriptionStatusValue,
    trialExpiresOn = new Date(Date.now() + TRIAL_DAYS * 86_400_000),
  ): Entitlement {
    return this.answerWith({
      userId: user.id,
      status,
      canCreate: canCreateMeetings({ status, daysRemaining: daysRemaining(trialExpiresOn) }),
      trialExpiresOn: trialExpiresOn.toISOString(),
      version: (this.plans.get(user.id)?.version ?? 0) + 1,
    });
  }

  /** Answers exactly this from now on (an older version, say, arriving late). */
  answerWith(entitlement: Entitlement): Entitlement {
    const parsed = EntitlementSchema.parse(entitlement);
    this.plans.set(parsed.userId, parsed);
    return parsed;
  }

  /** The user's current plan (a trial starts on first sight). */
  plan(user: TestUser): Entitlement {
    return this.plans.get(user.id) ?? this.set(user, 'trial');
  }

  /** The `subscription.changed` svc-subscription publishes with the user's current plan. */
  event(user: TestUser): SubscriptionChanged {
    const { userId, status, trialExpiresOn, version } = this.plan(user);
    return SubscriptionChangedSchema.parse({
      userId,
      email: user.email,
      status,
      trialExpiresOn,
      version,
    });
  }

  /** Questions about the user get no answer until `answering`. */
  hang(user: TestUser): void {
    this.hanging.add(user.id);
  }

  answering(user: TestUser): void {
    this.hanging.delete(user.id);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private answer(request: IncomingMessage): { status: number; body: unknown } | 'hang' {
    if (request.method !== 'GET' || request.url !== ENTITLEMENT_PATH) {
      const error = Errors.notFound();
      return { status: error.status, body: error.toBody() };
    }
    // The signature is the guard's business (tested in service-kit); the claims say who is asking.
    const token = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const claims = InternalTokenClaimsSchema.safeParse(decodePayload(token));
    if (!claims.success) {
      const error = Errors.unauthenticated();
      return { status: error.status, body: error.toBody() };
    }
    const user = { id: claims.data.sub, email: claims.data.email };
    this.calls.push(user.id);
    if (this.hanging.has(user.id)) return 'hang';
    return { status: 200, body: this.plan(user) };
  }
}

function decodePayload(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  } catch {
    return undefined;
  }
}
