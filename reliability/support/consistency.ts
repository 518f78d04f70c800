import { Subjects } from '@meetings/contracts';
import pg from 'pg';
import type { Model } from './workload.js';

export interface ConsistencyReport {
  ok: boolean;
  problems: string[];
  meetings: {
    /** Meetings the users were told exist (created and not deleted). */
    expectedLive: number;
    expectedDeleted: number;
    unsure: number;
    inDatabase: number;
    /** In svc-meetings though no user was told so: allowed only up to the unanswered creates. */
    unaccounted: number;
    unaccountedAllowed: number;
  };
  items: {
    expectedActions: number;
    expectedAgenda: number;
    actionRows: number;
    agendaRows: number;
  };
  index: {
    meetingsCompared: number;
    actionsCompared: number;
    tombstones: number;
  };
  outbox: Record<string, number>;
  /**
   * Per consumer: events sent on its subjects, events it recorded as applied, events it never
   * applied, and events it rightly dropped unrecorded (an upsert the index already held).
   */
  inbox: Record<string, { events: number; applied: number; missing: number; held: number }>;
}

interface MeetingRow {
  id: string;
  title: string;
  owner_email: string;
  version: number;
  shared_with: string[];
}

interface ItemRow {
  id: string;
  meeting_id: string;
  text: string;
  completed: boolean;
  hashtags?: string[];
}

interface IndexedMeetingRow {
  id: string;
  version: number;
  title: string | null;
  owner_email: string | null;
  shared_with: string[];
  deleted_at: Date | null;
}

const SERVICE_SCHEMAS = ['auth', 'subscription', 'meetings', 'actions'] as const;

/** The durable consumers that record what they applied, and the subjects they apply. */
const CONSUMERS = [
  {
    consumer: 'svc-actions.index',
    schema: 'actions',
    producer: 'meetings',
    subjects: [Subjects.MeetingUpserted, Subjects.MeetingDeleted],
    // An upsert whose version the index already held is dropped unrecorded (svc-actions/README).
    held: (consumerSchema: string) =>
      `o.subject = '${Subjects.MeetingUpserted}' AND EXISTS (
         SELECT 1 FROM ${consumerSchema}.indexed_meeting m
         WHERE m.id = (o.body->'data'->'meeting'->>'id')::uuid
           AND m.version >= (o.body->'data'->'meeting'->>'version')::int)`,
  },
  {
    consumer: 'svc-meetings.entitlements',
    schema: 'meetings',
    producer: 'subscription',
    subjects: [Subjects.SubscriptionChanged],
  },
  {
    consumer: 'svc-subscription.trials',
    schema: 'subscription',
    producer: 'auth',
    subjects: [Subjects.UserRegistered],
  },
] as const;

/**
 * The final reckoning: what the simulated users were told against svc-meetings' tables, and
 * svc-meetings' tables against svc-actions' index; every outbox published; no event applied
 * twice by any consumer.
 */
export async function checkConsistency(
  databaseUrl: string,
  model: Model,
  options: { schemaSuffix?: string; owners?: string[] } = {},
): Promise<ConsistencyReport> {
  const schema = (name: string) => `"${name}${options.schemaSuffix ?? ''}"`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  const note = (problem: string) => {
    if (problems.length < 50) problems.push(problem);
  };
  try {
    const meetings = (
      await client.query<MeetingRow>(
        `SELECT id, title, owner_email, version, shared_with FROM ${schema('meetings')}.meeting`,
      )
    ).rows;
    const actions = (
      await client.query<ItemRow>(
        `SELECT id, meeting_id, text, completed, hashtags FROM ${schema('meetings')}.action_item`,
      )
    ).rows;
    const agenda = (
      await client.query<ItemRow>(
        `SELECT id, meeting_id, text, completed FROM ${schema('meetings')}.agenda_item`,
      )
    ).rows;
    const indexed = (
      await client.query<IndexedMeetingRow>(
        `SELECT id, version, title, owner_email, shared_with, deleted_at FROM ${schema('actions')}.indexed_meeting`,
      )
    ).rows;
    const indexedActions = (
      await client.query<ItemRow>(
        `SELECT id, meeting_id, text, completed, hashtags FROM ${schema('actions')}.indexed_action`,
      )
    ).rows;

    // 1. What the users were told against svc-meetings.
    const byId = new Map(meetings.map((m) => [m.id, m]));
    const actionsById = new Map(actions.map((a) => [a.id, a]));
    const agendaById = new Map(agenda.map((a) => [a.id, a]));
    let expectedLive = 0;
    let expectedDeleted = 0;
    let unsure = 0;
    let expectedActions = 0;
    let expectedAgenda = 0;
    for (const m of model.meetings.values()) {
      const row = byId.get(m.id);
      if (m.live === 'yes') {
        expectedLive++;
        if (!row) {
          note(`meeting ${m.id} was created and never deleted, but svc-meetings lost it`);
          continue;
        }
        if (!m.titles.has(row.title))
          note(
            `meeting ${m.id} has title "${row.title}", users were told ${[...m.titles].join(' | ')}`,
          );
        for (const [kind, items, rows] of [
          ['action', m.actions, actionsById],
          ['agenda item', m.agenda, agendaById],
        ] as const) {
          for (const item of items.values()) {
            if (item.live !== 'yes') continue;
            if (kind === 'action') expectedActions++;
            else expectedAgenda++;
            const itemRow = rows.get(item.id);
            if (!itemRow || itemRow.meeting_id !== m.id) note(`${kind} ${item.id} of ${m.id} lost`);
            else if (!item.texts.has(itemRow.text))
              note(
                `${kind} ${item.id} reads "${itemRow.text}", expected ${[...item.texts].join(' | ')}`,
              );
          }
          const inDb = (kind === 'action' ? actions : agenda).filter((r) => r.meeting_id === m.id);
          const allowed =
            items.size + (kind === 'action' ? m.unsureActionAdds : m.unsureAgendaAdds);
          if (inDb.length > allowed)
            note(`meeting ${m.id} has ${inDb.length} ${kind}s, at most ${allowed} were added`);
        }
      } else if (m.live === 'no') {
        expectedDeleted++;
        if (row) note(`meeting ${m.id} was deleted (acknowledged) but is still in svc-meetings`);
      } else unsure++;
    }
    const owners = new Set(options.owners ?? [...model.meetings.values()].map((m) => m.ownerEmail));
    const unaccounted = meetings.filter(
      (row) => owners.has(row.owner_email) && !model.meetings.has(row.id),
    ).length;
    const unaccountedAllowed = [...owners].reduce(
      (sum, owner) => sum + (model.unsureCreates.get(owner) ?? 0),
      0,
    );
    if (unaccounted > unaccountedAllowed)
      note(
        `${unaccounted} meetings nobody created (at most ${unaccountedAllowed} unanswered creates)`,
      );

    // 2. svc-meetings against svc-actions' index.
    const indexById = new Map(indexed.map((m) => [m.id, m]));
    const indexedActionsByKey = new Map(indexedActions.map((a) => [`${a.meeting_id}/${a.id}`, a]));
    for (const row of meetings) {
      const entry = indexById.get(row.id);
      if (!entry) note(`meeting ${row.id} (v${row.version}) is missing from the index`);
      else if (entry.deleted_at) note(`meeting ${row.id} exists but the index has a tombstone`);
      // Notes and agenda changes bump the version without an event (the index copies neither), so
      // the index may hold an older version; what it holds must be what the meeting now says.
      else if (entry.version > row.version)
        note(`meeting ${row.id} is v${row.version}, the index has the later v${entry.version}`);
      else if (entry.title !== row.title || !sameSet(entry.shared_with, lower(row.shared_with)))
        note(
          `meeting ${row.id} (v${row.version}): index title or sharing differs (index v${entry.version})`,
        );
    }
    for (const action of actions) {
      const entry = indexedActionsByKey.get(`${action.meeting_id}/${action.id}`);
      if (!entry) note(`action ${action.id} of ${action.meeting_id} is missing from the index`);
      else if (
        entry.text !== action.text ||
        entry.completed !== action.completed ||
        !sameSet(entry.hashtags ?? [], action.hashtags ?? [])
      )
        note(`action ${action.id}: index differs (${entry.text}/${entry.completed})`);
    }
    const liveIds = new Set(meetings.map((m) => m.id));
    for (const entry of indexed) {
      if (!entry.deleted_at && !liveIds.has(entry.id))
        note(`index still lists meeting ${entry.id}, which svc-meetings no longer has`);
    }
    const orphanActions = indexedActions.filter((a) => !liveIds.has(a.meeting_id)).length;
    if (orphanActions > 0) note(`${orphanActions} indexed actions belong to no meeting`);
    if (indexedActions.length !== actions.length)
      note(`index has ${indexedActions.length} actions, svc-meetings ${actions.length}`);

    // 3. Every event out of every outbox, and applied by each consumer of its subject.
    const outbox: Record<string, number> = {};
    for (const service of SERVICE_SCHEMAS) {
      const [pending] = (
        await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${schema(service)}.outbox_event WHERE published_at IS NULL`,
        )
      ).rows;
      outbox[service] = pending!.n;
      if (pending!.n > 0) note(`${pending!.n} events of ${service} never left its outbox`);
    }
    const inbox: Record<
      string,
      { events: number; applied: number; missing: number; held: number }
    > = {};
    for (const c of CONSUMERS) {
      const unrecorded = `o.subject = ANY($1) AND NOT EXISTS (
        SELECT 1 FROM ${schema(c.schema)}.processed_event p WHERE p.consumer = $2 AND p.event_id = o.id)`;
      const held = 'held' in c ? c.held(schema(c.schema)) : 'false';
      const [row] = (
        await client.query<{ events: number; applied: number; missing: number; held: number }>(
          `SELECT
             (SELECT count(*)::int FROM ${schema(c.producer)}.outbox_event WHERE subject = ANY($1)) AS events,
             (SELECT count(*)::int FROM ${schema(c.schema)}.processed_event WHERE consumer = $2) AS applied,
             (SELECT count(*)::int FROM ${schema(c.producer)}.outbox_event o
               WHERE ${unrecorded} AND NOT (${held})) AS missing,
             (SELECT count(*)::int FROM ${schema(c.producer)}.outbox_event o
               WHERE ${unrecorded} AND ${held}) AS held`,
          [[...c.subjects], c.consumer],
        )
      ).rows;
      inbox[c.consumer] = row!;
      if (row!.missing > 0)
        note(`${c.consumer} never applied ${row!.missing} of ${row!.events} events`);
      if (row!.applied !== row!.events - row!.missing - row!.held)
        note(`${c.consumer} recorded ${row!.applied} events, ${row!.events} were sent`);
    }
    // One trial per user: the trial-started change is emitted once per user however often the
    // registration event arrived.
    const [trials] = (
      await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (
           SELECT body->'data'->>'userId' FROM ${schema('subscription')}.outbox_event
           WHERE subject = 'subscription.changed' AND body->'data'->>'status' = 'trial'
           GROUP BY 1 HAVING count(*) > 1) AS twice`,
      )
    ).rows;
    if (trials!.n > 0) note(`${trials!.n} users got their trial twice`);

    return {
      ok: problems.length === 0,
      problems,
      meetings: {
        expectedLive,
        expectedDeleted,
        unsure,
        inDatabase: meetings.length,
        unaccounted,
        unaccountedAllowed,
      },
      items: {
        expectedActions,
        expectedAgenda,
        actionRows: actions.length,
        agendaRows: agenda.length,
      },
      index: {
        meetingsCompared: meetings.length,
        actionsCompared: actions.length,
        tombstones: indexed.filter((m) => m.deleted_at).length,
      },
      outbox,
      inbox,
    };
  } finally {
    await client.end();
  }
}

function lower(values: readonly string[]): string[] {
  return values.map((v) => v.trim().toLowerCase());
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
