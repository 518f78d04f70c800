#!/usr/bin/env node
// The practical limit: a bare Fastify + pg server that runs the same SQL as the services (it uses
// their own query builders and views from their builds) and answers the same JSON, with nothing
// else: no token check, no validation, no Nest, no outbox relay, no events. The caller is named by
// x-user-id / x-user-email headers. Started as its own process by the benchmark.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const svc = (path) => new URL(`../../${path}`, import.meta.url).href;
const { MeetingStore } = await import(svc('svc-meetings/dist/store/meeting-store.js'));
const { AgendaStore, ActionStore } = await import(svc('svc-meetings/dist/items/item-store.js'));
const { meetingSummaryView, meetingView, meetingSnapshot } = await import(
  svc('svc-meetings/dist/store/views.js')
);
const { listActionsSql } = await import(svc('svc-actions/dist/actions/actions-query.js'));
const { MeetingIndexWriter } = await import(
  svc('svc-actions/dist/action-index/meeting-index.writer.js')
);

const url = process.env.DATABASE_URL;
const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
// The services' own session settings, so both sides get the same plans.
const { SESSION_SETTINGS } = await import('@meetings/service-kit');
const pool = (schema) =>
  new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: `-c search_path=${schema},public ${SESSION_SETTINGS}`,
  });
const meetingsDb = pool('meetings');
const actionsDb = pool('actions');

/** What the stores expect of TypeORM: query(text, params) answering rows. */
const rowsOf = (client) => ({
  query: (text, params) => client.query(text, params).then((r) => r.rows),
});

const agenda = new AgendaStore();
const actionStore = new ActionStore();
const meetings = new MeetingStore(agenda, actionStore);
const indexWriter = new MeetingIndexWriter(undefined);

async function transaction(db, work) {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const value = await work(rowsOf(client));
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const caller = (request) => ({
  id: request.headers['x-user-id'],
  email: request.headers['x-user-email'],
});
const canRead = (meeting, who) =>
  meeting.owner_id === who.id || meeting.shared_with.includes(who.email);

/**
 * The same outbox row the services write with each change (the relay is not part of the request).
 * Written as published already, so the running svc-meetings' relay leaves it alone.
 */
async function writeEvent(q, subject, data) {
  const id = randomUUID();
  const body = { id, subject, occurredAt: new Date().toISOString(), data };
  await q.query(
    `INSERT INTO outbox_event (id, subject, body, headers, published_at) VALUES ($1, $2, $3, $4, now())`,
    [id, subject, JSON.stringify(body), '{}'],
  );
}

/**
 * Lock, change, version, and the event when other services copy what changed: the statements of
 * MeetingWriter.change (`published`) and MeetingWriter.changeOwn (notes, agenda: no event).
 */
async function changeMeeting(who, meetingId, work, { published = true } = {}) {
  const db = rowsOf(meetingsDb);
  const meeting = await meetings.find(db, meetingId);
  if (!meeting || !canRead(meeting, who)) return null;
  return transaction(meetingsDb, async (tx) => {
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
  const rows = await meetings.visibleTo(rowsOf(meetingsDb), who, {
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
  const db = rowsOf(meetingsDb);
  const meeting = await meetings.find(db, request.params.id);
  if (!meeting || !canRead(meeting, who)) return reply.code(404).send({ error: 'not found' });
  return { meeting: meetingView(await meetings.full(db, meeting), who.id) };
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
  return { meeting: meetingView(full, who.id) };
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
  await transaction(actionsDb, (tx) => indexWriter.upsert(tx, snapshot));
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
  };
  const { text, values } = listActionsSql(who, query);
  const rows = (await actionsDb.query(text, values)).rows;
  const hasMore = rows.length > query.pageSize;
  const groups = [];
  for (const row of hasMore ? rows.slice(0, query.pageSize) : rows) {
    let group = groups.at(-1);
    if (group?.id !== row.meeting_id) {
      group = {
        _id: row.meeting_id,
        id: row.meeting_id,
        title: row.title,
        date: row.date.toISOString(),
        owner: { _id: row.owner_id, id: row.owner_id, email: row.owner_email },
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
      .then(() => Promise.all([meetingsDb.end(), actionsDb.end()]))
      .then(() => process.exit(0));
  });
