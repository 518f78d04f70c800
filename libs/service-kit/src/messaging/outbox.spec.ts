import { randomUUID } from 'node:crypto';
import { Subjects } from '@meetings/contracts';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../database/data-source.js';
import type { BusMessage, MessageBus } from './bus.js';
import { messagingEntities } from './messaging-tables.js';
import { Outbox } from './outbox.js';
import { testDatabases } from '../testing/index.js';

const logger = pino({ level: 'silent' });

const databases = testDatabases(5_000);

/** A bus that keeps what it is given and refuses while `down` is set. */
class RecordingBus {
  readonly kind = 'in-process' as const;
  readonly messages: BusMessage[] = [];
  down = false;
  async publish(message: BusMessage): Promise<void> {
    await Promise.resolve();
    if (this.down) throw new Error('bus unavailable');
    this.messages.push(message);
  }
}

interface Row {
  id: string;
  published: boolean;
  claimed: boolean;
  last_error: string | null;
}

describe.each(databases)('Outbox relay on $name', ({ connect }) => {
  const schema = `outbox_${randomUUID().slice(0, 8)}`;
  let connection: DatabaseConnection;
  let dataSource: DataSource;
  let bus: RecordingBus;
  let outbox: Outbox;

  const rows = () =>
    dataSource.query<Row[]>(
      `SELECT id, published_at IS NOT NULL AS published, claimed_until IS NOT NULL AS claimed, last_error
       FROM outbox_event ORDER BY seq`,
    );
  const emitOne = (n: number) =>
    outbox.transaction(async (_tx, emit) => emit(Subjects.MeetingDeleted, { n }).id);

  beforeAll(async () => {
    connection = await connect();
    dataSource = await openDatabase(
      { schema, entities: messagingEntities, migrations: [] },
      connection,
      logger,
      true,
    );
    // The tables come with each service's migration; here straight from the entities.
    await dataSource.synchronize();
  });

  afterEach(async () => {
    await outbox?.stop();
    await dataSource.query(`TRUNCATE outbox_event`);
  });

  afterAll(async () => {
    if (connection?.url) await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await dataSource?.destroy();
    await connection?.embedded?.close();
  });

  it('publishes each event once, in the order written, and marks every one published', async () => {
    bus = new RecordingBus();
    outbox = new Outbox(dataSource, bus as unknown as MessageBus, logger);
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push(await emitOne(n));

    expect(await outbox.flush()).toBe(5);

    expect(bus.messages.map((m) => m.id)).toEqual(ids);
    expect(bus.messages.map((m) => (m.body as { data: unknown }).data)).toEqual(
      [0, 1, 2, 3, 4].map((n) => ({ n })),
    );
    expect(await rows()).toEqual(
      ids.map((id) => ({ id, published: true, claimed: false, last_error: null })),
    );
    expect(await outbox.backlog()).toBe(0);
    expect(await outbox.flush()).toBe(0);
    expect(bus.messages).toHaveLength(5);
  });

  it('writes no event when the transaction is rolled back', async () => {
    bus = new RecordingBus();
    outbox = new Outbox(dataSource, bus as unknown as MessageBus, logger);
    await expect(
      outbox.transaction(async (_tx, emit) => {
        emit(Subjects.MeetingDeleted, { n: 1 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await outbox.flush()).toBe(0);
    expect(await rows()).toEqual([]);
  });

  it('wakes the relay after a commit that wrote events, and only then', async () => {
    bus = new RecordingBus();
    outbox = new Outbox(dataSource, bus as unknown as MessageBus, logger);
    const kick = vi.spyOn(outbox, 'kick');
    // A change that others need not learn about, and an applied event that emits nothing.
    expect(await outbox.transaction(async (tx) => (await tx.query('SELECT 1 AS one'))[0].one)).toBe(
      1,
    );
    expect(await outbox.consumeOnce('test-consumer', randomUUID(), async () => undefined)).toBe(
      true,
    );
    expect(kick).not.toHaveBeenCalled();
    await emitOne(1);
    expect(kick).toHaveBeenCalledTimes(1);
    expect(await outbox.flush()).toBe(1);
  });

  it('running, marks a batch published in one statement, not one per event', async () => {
    // Every transaction that changes outbox rows (the relay's: request transactions only insert).
    await dataSource.query(`CREATE TABLE relay_write (tx bigint NOT NULL)`);
    await dataSource.query(
      `CREATE FUNCTION note_relay_write() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN INSERT INTO relay_write VALUES (txid_current()); RETURN NULL; END $$`,
    );
    await dataSource.query(
      `CREATE TRIGGER relay_write AFTER UPDATE ON outbox_event
       FOR EACH STATEMENT EXECUTE FUNCTION note_relay_write()`,
    );
    try {
      bus = new RecordingBus();
      outbox = new Outbox(dataSource, bus as unknown as MessageBus, logger);
      const ids: string[] = [];
      for (let n = 0; n < 20; n++) ids.push(await emitOne(n));
      outbox.start();
      await vi.waitFor(async () => expect(await outbox.backlog()).toBe(0), { timeout: 5_000 });
      const relayWrites = async () =>
        (
          await dataSource.query<{ n: number }[]>(
            `SELECT count(DISTINCT tx)::int AS n FROM relay_write`,
          )
        )[0]!.n;
      // A claim of all 20 and a mark of them all (and, should the next poll come first, its empty
      // claim): no write per event.
      expect(await relayWrites()).toBeGreaterThanOrEqual(2);
      expect(await relayWrites()).toBeLessThanOrEqual(3);

      // Events written while it runs go out too, in order, and are marked.
      for (let n = 20; n < 30; n++) ids.push(await emitOne(n));
      await vi.waitFor(() => expect(bus.messages).toHaveLength(30), { timeout: 5_000 });
      await outbox.stop();
      expect(bus.messages.map((m) => m.id)).toEqual(ids);
      expect((await rows()).every((row) => row.published && !row.claimed)).toBe(true);
    } finally {
      await dataSource.query(`DROP TRIGGER relay_write ON outbox_event`);
      await dataSource.query(`DROP FUNCTION note_relay_write()`);
      await dataSource.query(`DROP TABLE relay_write`);
    }
  });

  it('stops at a refused event, keeps it and those after it for a later pass, and sends nothing twice', async () => {
    bus = new RecordingBus();
    outbox = new Outbox(dataSource, bus as unknown as MessageBus, logger);
    const first = await emitOne(1);
    await outbox.flush();
    const pending = [await emitOne(2), await emitOne(3)];
    bus.down = true;

    expect(await outbox.flush()).toBe(0);
    const refused = await rows();
    expect(refused[0]).toMatchObject({ id: first, published: true });
    expect(refused.slice(1)).toEqual(
      pending.map((id) => ({ id, published: false, claimed: true, last_error: 'bus unavailable' })),
    );

    // Their retry is due once the back-off has passed.
    bus.down = false;
    await dataSource.query(`UPDATE outbox_event SET claimed_until = now() - interval '1 second'`);
    expect(await outbox.flush()).toBe(2);
    expect(bus.messages.map((m) => m.id)).toEqual([first, ...pending]);
    expect((await rows()).every((row) => row.published)).toBe(true);
  });
});
