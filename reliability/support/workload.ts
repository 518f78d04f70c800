import { signUp, type Answer, type UserClient } from './client.js';
import type { Mailbox } from './cluster.js';
import type { Recorder } from './stats.js';

/** What is known of something after a write: done, not done, or unknown (the write got no answer). */
export type Known = 'yes' | 'no' | 'maybe';

export interface ItemModel {
  id: string;
  /** Every text it may have now: one after an acknowledged write, more after unanswered ones. */
  texts: Set<string>;
  live: Known;
}

export interface MeetingModel {
  id: string;
  ownerEmail: string;
  titles: Set<string>;
  live: Known;
  actions: Map<string, ItemModel>;
  agenda: Map<string, ItemModel>;
  shared: Map<string, Known>;
  /** Items added without an answer: they may or may not exist. */
  unsureActionAdds: number;
  unsureAgendaAdds: number;
}

/** What the simulated users were told the server did, to compare with the data afterwards. */
export class Model {
  readonly meetings = new Map<string, MeetingModel>();
  /** Creates without an answer, per owner: meetings that may exist unknown to the model. */
  readonly unsureCreates = new Map<string, number>();
  acknowledgedWrites = 0;
  unansweredWrites = 0;
}

export type OpName =
  | 'shell'
  | 'list'
  | 'search-meetings'
  | 'open'
  | 'create'
  | 'rename'
  | 'add-agenda'
  | 'tick-agenda'
  | 'notes'
  | 'add-action'
  | 'edit-action'
  | 'tick-action'
  | 'search-actions'
  | 'hashtags'
  | 'share'
  | 'unshare'
  | 'shared-open'
  | 'shared-tick'
  | 'previous-actions'
  | 'delete';

/** Weights of the mixed workload: mostly reading and small edits, like people in a meeting. */
export const DEFAULT_MIX: Record<OpName, number> = {
  shell: 8,
  list: 10,
  'search-meetings': 3,
  open: 13,
  create: 5,
  rename: 4,
  'add-agenda': 6,
  'tick-agenda': 5,
  notes: 6,
  'add-action': 8,
  'edit-action': 4,
  'tick-action': 6,
  'search-actions': 6,
  hashtags: 2,
  share: 3,
  unshare: 1,
  'shared-open': 4,
  'shared-tick': 3,
  'previous-actions': 2,
  delete: 1,
};

interface SimUser {
  client: UserClient;
  index: number;
  owned: string[];
  sharedWithMe: Set<string>;
  counter: number;
}

export interface WorkloadOptions {
  base: string;
  mailbox: Mailbox;
  users: number;
  /** Mean pause between one user's requests (exponentially distributed). */
  thinkMs: number;
  /** Distinguishes this run's users (e-mail prefix). */
  prefix: string;
  recorder: Recorder;
  mix?: Partial<Record<OpName, number>>;
  /** A user with this many meetings deletes instead of creating. */
  maxMeetingsPerUser?: number;
  /** Only these operations (e.g. writes to svc-meetings while NATS is away). */
  only?: OpName[];
}

const TAGS = ['release', 'budget', 'hiring', 'risk', 'design', 'ops', 'qa', 'legal'];
const WORDS = ['review', 'draft', 'send', 'check', 'plan', 'call', 'update', 'book', 'ship'];

/**
 * Many simulated users, each a loop of requests with think time between them, through the
 * gateway with their own sessions. Every acknowledged write goes into the model; a write that
 * got no answer (or a 5xx) goes in as "maybe", so the final check can tell loss from doubt.
 */
export class Workload {
  readonly model = new Model();
  private readonly users: SimUser[] = [];
  private readonly mix: [OpName, number][];
  private readonly totalWeight: number;
  private stopped = false;
  private running: Promise<void> | null = null;

  private constructor(private readonly options: WorkloadOptions) {
    const weights = { ...DEFAULT_MIX, ...options.mix };
    this.mix = (Object.entries(weights) as [OpName, number][]).filter(
      ([op, w]) => w > 0 && (!options.only || options.only.includes(op)),
    );
    this.totalWeight = this.mix.reduce((sum, [, w]) => sum + w, 0);
  }

  /** Signs the users up (a few at a time) and gives each a first meeting. */
  static async prepare(options: WorkloadOptions): Promise<Workload> {
    const workload = new Workload(options);
    const emails = Array.from(
      { length: options.users },
      (_, i) => `${options.prefix}-${i}@load.example.com`,
    );
    for (let i = 0; i < emails.length; i += 8) {
      const batch = await Promise.all(
        emails
          .slice(i, i + 8)
          .map((email) => signUp(options.base, options.mailbox, email, options.recorder)),
      );
      for (const client of batch)
        workload.users.push({
          client,
          index: workload.users.length,
          owned: [],
          sharedWithMe: new Set(),
          counter: 0,
        });
    }
    for (const user of workload.users) await workload.create(user);
    return workload;
  }

  get emails(): string[] {
    return this.users.map((u) => u.client.email);
  }

  get clients(): UserClient[] {
    return this.users.map((u) => u.client);
  }

  /** Starts every user's loop in the background. */
  start(): void {
    this.stopped = false;
    this.running = Promise.all(this.users.map((user) => this.loop(user))).then(() => undefined);
  }

  /** Stops the loops and waits for requests in flight to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
    this.running = null;
  }

  private async loop(user: SimUser): Promise<void> {
    await sleep(Math.random() * this.options.thinkMs);
    while (!this.stopped) {
      const op = this.pick();
      await this.perform(user, op);
      await sleep(-Math.log(1 - Math.random()) * this.options.thinkMs);
    }
  }

  private pick(): OpName {
    let r = Math.random() * this.totalWeight;
    for (const [op, weight] of this.mix) {
      r -= weight;
      if (r < 0) return op;
    }
    return this.mix[0]![0];
  }

  /** Runs one operation (exposed for tests that drive single writes). */
  async perform(user: SimUser | number, op: OpName): Promise<void> {
    const u = typeof user === 'number' ? this.users[user]! : user;
    switch (op) {
      case 'shell':
        await u.client.call('shell', 'GET', '/api/auth/status');
        await u.client.call('shell', 'GET', '/api/auth/subscription-status');
        return;
      case 'list':
        await u.client.call('list', 'GET', `/api/meetings?page=1&pageSize=25`);
        return;
      case 'search-meetings':
        await u.client.call('search-meetings', 'GET', `/api/meetings?title=${pick(WORDS)}`);
        return;
      case 'open': {
        const m = this.ownedMeeting(u);
        if (m) await u.client.call('open', 'GET', `/api/meetings/${m.id}`);
        return;
      }
      case 'previous-actions': {
        const m = this.ownedMeeting(u);
        if (m)
          await u.client.call('previous-actions', 'GET', `/api/meetings/${m.id}/previous-actions`);
        return;
      }
      case 'create':
        if (u.owned.length >= (this.options.maxMeetingsPerUser ?? 12)) return this.remove(u);
        return void (await this.create(u));
      case 'delete':
        if (u.owned.length > 3) return this.remove(u);
        return;
      case 'rename':
        return this.rename(u);
      case 'add-agenda':
        return this.addItem(u, 'agenda');
      case 'add-action':
        return this.addItem(u, 'actions');
      case 'edit-action':
        return this.editAction(u);
      case 'tick-agenda': {
        const m = this.ownedMeeting(u);
        const item = m && pickLive(m.agenda);
        if (!m || !item) return;
        await this.write(
          u.client.call(
            'tick-agenda',
            'PUT',
            `/api/meetings/${m.id}/update-agenda-item/${item.id}`,
            {
              completed: Math.random() < 0.5,
            },
          ),
        );
        return;
      }
      case 'notes': {
        const m = this.ownedMeeting(u);
        if (!m) return;
        await this.write(
          u.client.call('notes', 'PUT', `/api/meetings/${m.id}/update-notes`, {
            notes: `<p>${pick(WORDS)} the <strong>${pick(TAGS)}</strong> notes ${u.counter++}</p>`,
          }),
        );
        return;
      }
      case 'tick-action': {
        const m = this.ownedMeeting(u);
        const item = m && pickLive(m.actions);
        if (!m || !item) return;
        await this.write(
          u.client.call('tick-action', 'PUT', `/api/actions/${m.id}/action/${item.id}/status`, {
            completed: Math.random() < 0.5,
          }),
        );
        return;
      }
      case 'search-actions': {
        const query =
          Math.random() < 0.5
            ? `search=${pick(WORDS)}`
            : `hashtag=${pick(TAGS)}&showCompleted=true`;
        await u.client.call('search-actions', 'GET', `/api/actions?${query}`);
        return;
      }
      case 'hashtags':
        await u.client.call('hashtags', 'GET', `/api/actions/hashtags?q=${pick(TAGS).slice(0, 2)}`);
        return;
      case 'share':
        return this.share(u, true);
      case 'unshare':
        return this.share(u, false);
      case 'shared-open': {
        const id = pickFrom([...u.sharedWithMe]);
        // The owner may unshare or delete it meanwhile: 403 and 404 are a fair answer then.
        if (id)
          await u.client.call('shared-open', 'GET', `/api/meetings/${id}`, undefined, {
            tolerate: [403, 404],
          });
        return;
      }
      case 'shared-tick': {
        const id = pickFrom([...u.sharedWithMe]);
        const m = id ? this.model.meetings.get(id) : undefined;
        const item = m && pickLive(m.actions);
        if (!m || !item) return;
        const answer = await u.client.call(
          'shared-tick',
          'PUT',
          `/api/actions/${m.id}/action/${item.id}/status`,
          { completed: Math.random() < 0.5 },
          { tolerate: [403, 404] },
        );
        this.count(answer);
        return;
      }
    }
  }

  private ownedMeeting(u: SimUser): MeetingModel | undefined {
    const id = pickFrom(u.owned);
    return id ? this.model.meetings.get(id) : undefined;
  }

  private count(answer: Answer<unknown>): void {
    if (answer.ok) this.model.acknowledgedWrites++;
    else if (answer.uncertain) this.model.unansweredWrites++;
  }

  private async write(request: Promise<Answer>): Promise<Answer> {
    const answer = await request;
    this.count(answer);
    return answer;
  }

  async create(u: SimUser): Promise<MeetingModel | undefined> {
    const title = `${pick(WORDS)} ${pick(TAGS)} ${u.index}.${u.counter++}`;
    const date = new Date(Date.now() + (Math.random() - 0.5) * 60 * 86_400_000).toISOString();
    const answer = await u.client.call<{ meeting: { id: string } }>(
      'create',
      'POST',
      '/api/meetings/create',
      { title, date },
      { expect: [201] },
    );
    this.count(answer);
    if (answer.ok) {
      const m: MeetingModel = {
        id: answer.json.meeting.id,
        ownerEmail: u.client.email,
        titles: new Set([title]),
        live: 'yes',
        actions: new Map(),
        agenda: new Map(),
        shared: new Map(),
        unsureActionAdds: 0,
        unsureAgendaAdds: 0,
      };
      this.model.meetings.set(m.id, m);
      u.owned.push(m.id);
      return m;
    }
    if (answer.uncertain)
      this.model.unsureCreates.set(
        u.client.email,
        (this.model.unsureCreates.get(u.client.email) ?? 0) + 1,
      );
    return undefined;
  }

  private async remove(u: SimUser): Promise<void> {
    const m = this.ownedMeeting(u);
    if (!m) return;
    u.owned = u.owned.filter((id) => id !== m.id);
    const answer = await u.client.call('delete', 'DELETE', `/api/meetings/${m.id}/delete`);
    this.count(answer);
    if (answer.ok) m.live = 'no';
    else if (answer.uncertain) m.live = 'maybe';
    else u.owned.push(m.id);
    for (const other of this.users) if (m.live !== 'yes') other.sharedWithMe.delete(m.id);
  }

  private async rename(u: SimUser): Promise<void> {
    const m = this.ownedMeeting(u);
    if (!m) return;
    const title = `${pick(WORDS)} ${pick(TAGS)} ${u.index}.${u.counter++}`;
    const answer = await this.write(
      u.client.call('rename', 'PUT', `/api/meetings/${m.id}/update-info`, { title }),
    );
    if (answer.ok) m.titles = new Set([title]);
    else if (answer.uncertain) m.titles.add(title);
  }

  /**
   * A new meeting of user `index` with one agenda item and one action, made through the API and
   * written into the model like every other write: for a case that needs items to act on.
   */
  async meetingWithItems(index: number): Promise<MeetingModel | undefined> {
    const u = this.users[index];
    const m = u && (await this.create(u));
    if (!u || !m) return undefined;
    await this.addItemTo(u, m, 'agenda');
    await this.addItemTo(u, m, 'actions');
    return m.agenda.size > 0 && m.actions.size > 0 ? m : undefined;
  }

  private async addItem(u: SimUser, kind: 'agenda' | 'actions'): Promise<void> {
    const m = this.ownedMeeting(u);
    if (m) await this.addItemTo(u, m, kind);
  }

  private async addItemTo(u: SimUser, m: MeetingModel, kind: 'agenda' | 'actions'): Promise<void> {
    const items = kind === 'agenda' ? m.agenda : m.actions;
    if (items.size >= 40) return;
    const text =
      kind === 'actions'
        ? `${pick(WORDS)} the ${pick(WORDS)} #${pick(TAGS)} ${u.counter++}`
        : `${pick(WORDS)} ${pick(TAGS)} ${u.counter++}`;
    const path = kind === 'agenda' ? 'add-agenda-item' : 'add-action-item';
    const answer = await this.write(
      u.client.call<{ meeting: { agenda: { id: string }[]; actions: { id: string }[] } }>(
        kind === 'agenda' ? 'add-agenda' : 'add-action',
        'PUT',
        `/api/meetings/${m.id}/${path}`,
        { text },
      ) as Promise<Answer>,
    );
    if (answer.ok) {
      const listed = (answer.json as { meeting: Record<typeof kind, { id: string }[]> }).meeting[
        kind
      ];
      for (const item of listed) {
        if (!items.has(item.id))
          items.set(item.id, { id: item.id, texts: new Set([text]), live: 'yes' });
      }
    } else if (answer.uncertain) {
      if (kind === 'agenda') m.unsureAgendaAdds++;
      else m.unsureActionAdds++;
    }
  }

  private async editAction(u: SimUser): Promise<void> {
    const m = this.ownedMeeting(u);
    const item = m && pickLive(m.actions);
    if (!m || !item) return;
    const text = `${pick(WORDS)} again #${pick(TAGS)} ${u.counter++}`;
    const answer = await this.write(
      u.client.call('edit-action', 'PUT', `/api/meetings/${m.id}/update-action-item/${item.id}`, {
        text,
      }),
    );
    if (answer.ok) item.texts = new Set([text]);
    else if (answer.uncertain) item.texts.add(text);
  }

  private async share(u: SimUser, share: boolean): Promise<void> {
    const m = this.ownedMeeting(u);
    if (!m || this.users.length < 2) return;
    const candidates = this.users.filter(
      (x) =>
        x !== u &&
        (share
          ? !m.shared.has(x.client.email) || m.shared.get(x.client.email) === 'no'
          : m.shared.get(x.client.email) === 'yes'),
    );
    const other = pickFrom(candidates);
    if (!other) return;
    const email = other.client.email;
    const answer = await this.write(
      u.client.call(
        share ? 'share' : 'unshare',
        'PUT',
        `/api/meetings/${m.id}/${share ? 'add' : 'remove'}-shared-user`,
        {
          email,
        },
      ),
    );
    if (answer.ok) {
      m.shared.set(email, share ? 'yes' : 'no');
      if (share) other.sharedWithMe.add(m.id);
      else other.sharedWithMe.delete(m.id);
    } else if (answer.uncertain) {
      m.shared.set(email, 'maybe');
    }
  }
}

function pick<T>(values: readonly T[]): T {
  return values[Math.floor(Math.random() * values.length)]!;
}

function pickFrom<T>(values: readonly T[]): T | undefined {
  return values.length ? pick(values) : undefined;
}

function pickLive(items: Map<string, ItemModel>): ItemModel | undefined {
  return pickFrom([...items.values()].filter((i) => i.live === 'yes'));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
