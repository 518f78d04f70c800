#!/usr/bin/env node
// The practical limit: a bare Fastify server that runs the same queries as the services (their own
// stores, query builders and views from their builds, on TypeORM data sources as the services open
// them) and answers the same JSON, with nothing else: no token check, no validation, no Nest, no
// outbox relay, no events. The caller is named by x-user-id / x-user-email headers. Started as its
// own process by the benchmark.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { meetingsService } from '@meetings/svc-meetings';
import {
  ActionStore,
  AgendaStore,
  MeetingStore,
  meetingSnapshot,
  meetingSummaryView,
  meetingView,
} from '@meetings/svc-meetings/stores';
import { actionsService } from '@meetings/svc-actions';
import { listActionsQuery, MeetingIndexWriter } from '@meetings/svc-actions/queries';

const url = process.env.DATABASE_URL;
const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
// The services' own data sources (schema, session settings), so both sides get the same plans.
const { createDataSource } = await import('@meetings/service-kit');
const open = async (schema, service) => {
  const dataSource = createDataSource(
    { schema, entities: service.entities, migrations: [] },
    { url, poolSize, statementTimeoutMs: 0 },
  );
  await dataSource.initialize();
  return dataSource;
};
const meetingsDb = await open('meetings', meetingsService);
const actionsDb = await open('actions', actionsService);

const agenda = new AgendaStore();
const actionStore = new ActionStore();
const meetings = new MeetingStore(agenda, actionStore);
const indexWriter = new MeetingIndexWriter(actionsDb);

const caller = (request) => ({
  id: request.headers['x-user-id'],
  email: request.headers['x-user-email'],
});
const canRead = (meeting, who) =>
  meeting.ownerId === who.id || meeting.sharedWith.includes(who.email);

/**
 * The same outbox row the services write with each change (the relay is not part of the request).
 * Written as published already, so the running svc-meetings' relay leaves it alone.
 */
async function writeEvent(tx, subject, data) {
  const id = randomUUID();
  const body = { id, subject, occurredAt: new Date().toISOString(), data };
  await tx.query(
    `INSERT INTO outbox_event (id, subject, body, headers, published_at) VALUES ($1, $2, $3, $4, now())`,
    [id, subject, JSON.stringify(body), '{}'],
  );
}

/**
 * Lock, change, version, and the event when other services copy what changed: the statements of
 * MeetingWriter.change (`published`) and MeetingWriter.changeOwn (notes, agenda: no event).
 */
async function changeMeeting(who, meetingId, work, { published = true } = {}) {
  const meeting = await meetings.find(meetingsDb, meetingId);
  if (!meeting || !canRead(meeting, who)) return null;
  return meetingsDb.transaction(async (tx) => {
    await meetings.find(tx, meetingId, { lock: true });
    await work(tx);
    const touched = await meetings.touch(tx, meetingId);
    const full = await meetings.full(tx, touched);
    if (published)
      await writeEvent(tx, 'meetings.meeting.upserted', {
        meeting: meetingSnapshot(full.meeting, full.actions),
      });
    return full;
  });
}

const app = Fastify({ logger: false });

app.get('/api/meetings', async (request) => {
  const who = caller(request);
  const page = Number(request.query.page ?? 1);
  const pageSize = Number(request.query.pageSize ?? 25);
  const rows = await meetings.visibleTo(meetingsDb, who, {
    title: request.query.title || undefined,
    offset: (page - 1) * pageSize,
    limit: pageSize + 1,
  });
  return {
    meetings: rows.slice(0, pageSize).map((row) => meetingSummaryView(row, who.id)),
    page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
});

app.get('/api/meetings/:id', async (request, reply) => {
  const who = caller(request);
  const meeting = await meetings.find(meetingsDb, request.params.id);
  if (!meeting || !canRead(meeting, who)) return reply.code(404).send({ error: 'not found' });
  return { meeting: meetingView(await meetings.full(meetingsDb, meeting), who) };
});

app.put('/api/meetings/:id/update-notes', async (request, reply) => {
  const who = caller(request);
  const full = await changeMeeting(
    who,
    request.params.id,
    (tx) => meetings.update(tx, request.params.id, { notes: request.body.notes }),
    { published: false },
  );
  if (!full) return reply.code(404).send({ error: 'not found' });
  return { meeting: meetingView(full, who) };
});

app.put('/api/actions/:meetingId/action/:actionId/status', async (request, reply) => {
  const who = caller(request);
  const { meetingId, actionId } = request.params;
  const full = await changeMeeting(who, meetingId, async (tx) => {
    await actionStore.find(tx, meetingId, actionId, { lock: true });
    await actionStore.update(tx, meetingId, actionId, { completed: request.body.completed });
  });
  if (!full) return reply.code(404).send({ error: 'not found' });
  const snapshot = meetingSnapshot(full.meeting, full.actions);
  await actionsDb.transaction((tx) => indexWriter.upsert(tx, snapshot));
  const action = snapshot.actions.find((a) => a.id === actionId);
  return { action: { _id: action.id, ...action, meetingId } };
});

app.get('/api/actions', async (request) => {
  const who = caller(request);
  const query = {
    page: Number(request.query.page ?? 1),
    pageSize: Number(request.query.pageSize ?? 25),
    search: request.query.search,
    hashtag: request.query.hashtag?.replace(/^#/, ''),
    showCompleted: request.query.showCompleted === 'true',
    assignee: request.query.assignee,
    due: request.query.due,
    sort: request.query.sort,
  };
  const rows = await listActionsQuery(actionsDb, who, query).getMany();
  const hasMore = rows.length > query.pageSize;
  const groups = [];
  for (const row of hasMore ? rows.slice(0, query.pageSize) : rows) {
    let group = groups.at(-1);
    if (group?.id !== row.meetingId) {
      group = {
        _id: row.meetingId,
        id: row.meetingId,
        title: row.meetingTitle,
        date: row.meetingDate.toISOString(),
        owner: { _id: row.ownerId, id: row.ownerId, email: row.ownerEmail },
        actions: [],
      };
      groups.push(group);
    }
    group.actions.push({
      _id: row.id,
      id: row.id,
      text: row.text,
      completed: row.completed,
      order: row.order,
      hashtags: row.hashtags,
      assignee: row.assignee,
      dueDate: row.dueDate,
    });
  }
  return { page: query.page, pageSize: query.pageSize, hasMore, meetings: groups };
});

app.get('/healthz', async () => ({ status: 'ok' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => {
    void app
      .close()
      .then(() => Promise.all([meetingsDb.destroy(), actionsDb.destroy()]))
      .then(() => process.exit(0));
  });
