import { randomUUID } from 'node:crypto';
import { eventually, signIn, type ApiClient, type TestPlatform } from '../helpers.js';

/** Who calls, in the access matrix's column order. */
export const PERSONAS = [
  'signedOut',
  'owner',
  'downgradedOwner',
  'sharedUser',
  'revokedUser',
  'payingStranger',
  'freeStranger',
] as const;
export type Persona = (typeof PERSONAS)[number];
export type SignedInPersona = Exclude<Persona, 'signedOut'>;

export type Plan = 'paid' | 'free';

export interface Member {
  persona: SignedInPersona;
  id: string;
  email: string;
  plan: Plan;
  client: ApiClient;
}

/** A meeting with one agenda item and one #tagged action, all named uniquely for this run. */
export interface Fixture {
  meetingId: string;
  agendaItemId: string;
  actionId: string;
  title: string;
  /** The hashtag of its action (without #). */
  tag: string;
}

interface MeetingBody {
  meeting: {
    id: string;
    agenda: { id: string }[];
    actions: { id: string }[];
  };
}

/**
 * The people and meetings every security suite works on: an entitled (paying) owner whose meeting
 * is shared with one user and was shared with another until revoked; an owner who created a
 * meeting while paying and then chose the free plan; and two strangers, one paying, one free.
 */
export class World {
  readonly run = randomUUID().slice(0, 8);
  readonly members = {} as Record<SignedInPersona, Member>;
  /** The owner's meeting: shared with sharedUser, no longer with revokedUser. */
  shared!: Fixture;
  /** The downgraded owner's own meeting (made while paying), shared with sharedUser. */
  downgraded!: Fixture;
  /** Another meeting of the owner's, and one of the paying stranger's: their item ids are foreign. */
  ownersOther!: Fixture;
  strangers!: Fixture;
  private sequence = 0;

  private constructor(readonly t: TestPlatform) {}

  static async build(t: TestPlatform): Promise<World> {
    const world = new World(t);
    const plans: Record<SignedInPersona, Plan> = {
      owner: 'paid',
      downgradedOwner: 'paid',
      sharedUser: 'paid',
      revokedUser: 'paid',
      payingStranger: 'paid',
      freeStranger: 'free',
    };
    for (const [persona, plan] of Object.entries(plans) as [SignedInPersona, Plan][]) {
      const email = `${persona.toLowerCase()}-${world.run}@example.com`;
      const client = await signIn(t, email);
      const status = await client.call('GET', '/api/auth/status');
      const id = (status.json.user as { id: string }).id;
      await client.call('POST', '/api/auth/accept-privacy', {});
      await expectOk(client.call('POST', '/api/auth/update-subscription', { status: plan }));
      world.members[persona] = { persona, id, email, plan, client };
    }
    const { owner, downgradedOwner, sharedUser, revokedUser, payingStranger } = world.members;

    world.shared = await world.meeting(owner, [sharedUser, revokedUser]);
    await expectOk(
      owner.client.call('PUT', `/api/meetings/${world.shared.meetingId}/remove-shared-user`, {
        email: revokedUser.email,
      }),
    );
    world.ownersOther = await world.meeting(owner, [sharedUser]);
    world.strangers = await world.meeting(payingStranger, []);
    world.downgraded = await world.meeting(downgradedOwner, [sharedUser]);
    await expectOk(
      downgradedOwner.client.call('POST', '/api/auth/update-subscription', { status: 'free' }),
    );
    downgradedOwner.plan = 'free';
    await world.settled();
    return world;
  }

  /** A meeting of `owner`'s with content, shared with `sharedWith`. */
  async meeting(owner: Member, sharedWith: Member[], label = 'Meeting'): Promise<Fixture> {
    const n = ++this.sequence;
    const title = `${label} ${this.run} ${n}`;
    const tag = `t${this.run}n${n}`;
    const created = await expectOk<MeetingBody>(
      owner.client.call('POST', '/api/meetings/create', { title }),
    );
    const id = created.meeting.id;
    for (const member of sharedWith)
      await expectOk(
        owner.client.call('PUT', `/api/meetings/${id}/add-shared-user`, { email: member.email }),
      );
    const withAgenda = await expectOk<MeetingBody>(
      owner.client.call('PUT', `/api/meetings/${id}/add-agenda-item`, { text: 'Review risks' }),
    );
    const withAction = await expectOk<MeetingBody>(
      owner.client.call('PUT', `/api/meetings/${id}/add-action-item`, {
        text: `Send minutes #${tag}`,
      }),
    );
    return {
      meetingId: id,
      agendaItemId: withAgenda.meeting.agenda[0]!.id,
      actionId: withAction.meeting.actions[0]!.id,
      title,
      tag,
    };
  }

  /** A fresh meeting of the entitled owner's, for calls that change or delete what they touch. */
  freshOwnerMeeting(): Promise<Fixture> {
    return this.meeting(this.members.owner, [this.members.sharedUser], 'Fresh');
  }

  /** The meeting a persona acts on: the downgraded owner their own, everyone else the owner's. */
  targetOf(persona: Persona): Fixture {
    return persona === 'downgradedOwner' ? this.downgraded : this.shared;
  }

  client(persona: Persona): ApiClient {
    return persona === 'signedOut' ? this.t.client() : this.members[persona].client;
  }

  /** A second session of the persona's, for calls that end the session they are made with. */
  async newSession(persona: SignedInPersona): Promise<ApiClient> {
    return signIn(this.t, this.members[persona].email);
  }

  /**
   * Everything the services keep about a user and the meetings they can see, read from each
   * service's own tables: compared before and after a refused call.
   */
  async snapshotOf(user: { id: string; email: string }): Promise<unknown> {
    const { auth, subscription, meetings } = this.t.platform.services;
    const meetingRows = await meetings.dataSource.query(
      `SELECT m.*, (SELECT json_agg(a ORDER BY a.id) FROM agenda_item a WHERE a.meeting_id = m.id) AS agenda,
              (SELECT json_agg(x ORDER BY x.id) FROM action_item x WHERE x.meeting_id = m.id) AS actions
       FROM meeting m WHERE m.owner_id = $1 OR m.shared_with @> ARRAY[$2::text] ORDER BY m.id`,
      [user.id, user.email],
    );
    return {
      meetings: meetingRows,
      user: await auth.dataSource.query(`SELECT * FROM app_user WHERE id = $1`, [user.id]),
      sessions: await auth.dataSource.query(
        `SELECT id, expires_at, revoked_at FROM session WHERE user_id = $1 ORDER BY id`,
        [user.id],
      ),
      subscription: await subscription.dataSource.query(
        `SELECT * FROM subscription WHERE user_id = $1`,
        [user.id],
      ),
    };
  }

  /** The same as snapshotOf, digested by the database: cheap enough to take around every call. */
  async fingerprintOf(user: { id: string; email: string }): Promise<string> {
    const { auth, subscription, meetings } = this.t.platform.services;
    const digest = async (
      service: typeof meetings,
      sql: string,
      params: unknown[],
    ): Promise<string> => {
      const [row] = (await service.dataSource.query(
        `SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS digest FROM (${sql}) r`,
        params,
      )) as { digest: string }[];
      return row!.digest;
    };
    const visible = `SELECT id FROM meeting WHERE owner_id = $1 OR shared_with @> ARRAY[$2::text]`;
    const parts = await Promise.all([
      digest(meetings, `SELECT m.* FROM meeting m WHERE m.id IN (${visible})`, [
        user.id,
        user.email,
      ]),
      digest(meetings, `SELECT a.* FROM agenda_item a WHERE a.meeting_id IN (${visible})`, [
        user.id,
        user.email,
      ]),
      digest(meetings, `SELECT x.* FROM action_item x WHERE x.meeting_id IN (${visible})`, [
        user.id,
        user.email,
      ]),
      digest(auth, `SELECT u.* FROM app_user u WHERE u.id = $1`, [user.id]),
      digest(auth, `SELECT s.id, s.revoked_at FROM session s WHERE s.user_id = $1`, [user.id]),
      digest(subscription, `SELECT s.* FROM subscription s WHERE s.user_id = $1`, [user.id]),
    ]);
    return parts.join(':');
  }

  /** A meeting's rows, whoever asks. */
  async meetingState(meetingId: string): Promise<unknown> {
    const { meetings } = this.t.platform.services;
    return {
      meeting: await meetings.dataSource.query(`SELECT * FROM meeting WHERE id = $1`, [meetingId]),
      agenda: await meetings.dataSource.query(
        `SELECT * FROM agenda_item WHERE meeting_id = $1 ORDER BY id`,
        [meetingId],
      ),
      actions: await meetings.dataSource.query(
        `SELECT * FROM action_item WHERE meeting_id = $1 ORDER BY id`,
        [meetingId],
      ),
    };
  }

  /**
   * Waits until the actions index and the entitlements agree with the set-up: shares and the
   * revocation indexed, the downgrade in force.
   */
  async settled(): Promise<void> {
    const { sharedUser, revokedUser, downgradedOwner } = this.members;
    const lists = async (member: Member, fixture: Fixture) => {
      const response = await member.client.call(
        'GET',
        `/api/actions?showCompleted=true&search=${encodeURIComponent(fixture.title)}`,
      );
      return response.text.includes(fixture.actionId);
    };
    await eventually(async () => (await lists(sharedUser, this.shared)) || undefined);
    await eventually(async () => (await lists(sharedUser, this.downgraded)) || undefined);
    await eventually(async () => !(await lists(revokedUser, this.shared)) || undefined);
    await eventually(async () => {
      const response = await downgradedOwner.client.call(
        'PUT',
        `/api/meetings/${this.downgraded.meetingId}/update-info`,
        { title: this.downgraded.title },
      );
      return response.status === 403 || undefined;
    });
  }
}

export async function expectOk<T = unknown>(
  pending: Promise<{ status: number; json: unknown; text: string }>,
): Promise<T> {
  const response = await pending;
  if (response.status >= 300)
    throw new Error(`set-up call answered ${response.status}: ${response.text}`);
  return response.json as T;
}
