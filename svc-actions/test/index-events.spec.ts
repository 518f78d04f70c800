import { testUser } from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, FakeMeetings } from './fake-meetings.js';
import { ActionsHarness, expectedView, tombstoneView } from './harness.js';

let h: ActionsHarness;
const meetings = new FakeMeetings();
const owner = testUser('owner@example.com');

beforeAll(async () => {
  h = await ActionsHarness.start();
});

afterAll(async () => {
  await h?.close();
});

/** Publishes the change as svc-meetings would and checks the index now equals the source. */
async function publishAndCheck(meeting: ReturnType<FakeMeetings['create']>): Promise<void> {
  await h.feed(h.upserted(meeting));
  expect(await h.indexed(meeting.id)).toEqual(expectedView(meetings.get(meeting.id)));
}

describe('the index converges after every kind of meeting change', () => {
  it('create, rename, change of date', async () => {
    const created = meetings.create(owner, {
      title: 'Kick-off',
      actions: [action('Draft the plan #planning', 1)],
    });
    await publishAndCheck(created);
    await publishAndCheck(meetings.change(created.id, (m) => (m.title = 'Project kick-off')));
    await publishAndCheck(
      meetings.change(created.id, (m) => (m.date = '2025-10-02T14:15:00.000Z')),
    );
  });

  it('share and unshare, e-mails compared without case', async () => {
    const { id } = meetings.create(owner);
    await publishAndCheck(meetings.change(id, (m) => (m.sharedWith = ['Ann@Example.com'])));
    expect((await h.indexed(id))!.sharedWith).toEqual(['ann@example.com']);
    await publishAndCheck(meetings.change(id, (m) => m.sharedWith.push('bob@example.com')));
    await publishAndCheck(meetings.change(id, (m) => (m.sharedWith = ['bob@example.com'])));
    await publishAndCheck(meetings.change(id, (m) => (m.sharedWith = [])));
  });

  it('assign, date, reassign and clear actions', async () => {
    const { id } = meetings.create(owner);
    await publishAndCheck(
      meetings.change(id, (m) =>
        m.actions.push(
          action('Book the room', 1, false, { assignee: 'ann@example.com', dueDate: '2026-02-28' }),
          action('Send agenda', 2),
        ),
      ),
    );
    await publishAndCheck(
      meetings.change(id, (m) => {
        m.actions[0] = { ...m.actions[0]!, assignee: 'bob@example.com', dueDate: '2024-02-29' };
        m.actions[1] = { ...m.actions[1]!, dueDate: '2026-12-31' };
      }),
    );
    await publishAndCheck(
      meetings.change(id, (m) => {
        m.actions[0] = { ...m.actions[0]!, assignee: null, dueDate: null };
      }),
    );
    const owed = (await h.indexed(id))!.actions.map((a) => [a.text, a.assignee, a.dueDate]);
    expect(owed.sort()).toEqual([
      ['Book the room', null, null],
      ['Send agenda', null, '2026-12-31'],
    ]);
  });

  it('reads events written before actions had an assignee or a due date as unassigned', async () => {
    const meeting = meetings.create(owner, { actions: [action('Old event', 1)] });
    const old = h.upserted(meeting);
    for (const item of old.data.meeting.actions as Partial<(typeof meeting.actions)[number]>[]) {
      delete item.assignee;
      delete item.dueDate;
    }
    await h.feed(old);
    expect((await h.indexed(meeting.id))!.actions).toMatchObject([
      { text: 'Old event', assignee: null, dueDate: null },
    ]);
  });

  it('add, edit, tick, delete and reorder actions', async () => {
    const { id } = meetings.create(owner);
    await publishAndCheck(
      meetings.change(id, (m) =>
        m.actions.push(action('Book the room', 1), action('Send agenda #comms', 2)),
      ),
    );
    await publishAndCheck(
      meetings.change(id, (m) => {
        m.actions[0] = {
          ...m.actions[0]!,
          text: 'Book the big room #facilities',
          hashtags: ['facilities'],
        };
      }),
    );
    await publishAndCheck(meetings.change(id, (m) => (m.actions[1]!.completed = true)));
    await publishAndCheck(
      meetings.change(id, (m) => m.actions.push(action('Order lunch #Food', 3))),
    );
    await publishAndCheck(meetings.change(id, (m) => m.actions.splice(0, 1)));
    await publishAndCheck(
      meetings.change(id, (m) => {
        m.actions = m.actions.reverse().map((a, index) => ({ ...a, order: index + 1 }));
      }),
    );
    await publishAndCheck(meetings.change(id, (m) => (m.actions = [])));
  });

  it('delete meeting: a tombstone with the deletion version, its actions gone', async () => {
    const created = meetings.create(owner, { actions: [action('Archive notes', 1)] });
    await publishAndCheck(created);
    const deletion = meetings.remove(created.id);
    await h.feed(h.deleted(deletion));
    expect(await h.indexed(created.id)).toEqual(tombstoneView(created.id, deletion.version));
  });
});

describe('redelivered and out-of-order events', () => {
  it('applies a redelivered event once (the inbox), and an identical message once (the bus)', async () => {
    const created = meetings.create(owner, { actions: [action('Once', 1)] });
    const event = h.upserted(created);
    await h.feed(event);
    await h.redeliver(event);
    await h.publishTwice(
      h.upserted(meetings.change(created.id, (m) => (m.title = 'Twice published'))),
    );
    expect(await h.processedCount(event.id)).toBe(1);
    expect(await h.indexed(created.id)).toEqual(expectedView(meetings.get(created.id)));
  });

  it('keeps the newer version when an older one arrives after it', async () => {
    const v1 = meetings.create(owner, { title: 'v1', actions: [action('first', 1)] });
    const v2 = meetings.change(v1.id, (m) => (m.title = 'v2'));
    const v3 = meetings.change(v1.id, (m) => m.actions.push(action('second', 2)));
    await h.feed(h.upserted(v3));
    await h.feed(h.upserted(v1));
    await h.feed(h.upserted(v2));
    expect(await h.indexed(v1.id)).toEqual(expectedView(v3));
  });

  it('records an upsert of a version the index holds or passed, and changes nothing', async () => {
    const v1 = meetings.create(owner, { title: 'held', actions: [action('first', 1)] });
    const v2 = meetings.change(v1.id, (m) => (m.title = 'held v2'));
    const applied = h.upserted(v2);
    await h.feed(applied);
    const same = h.upserted(v2);
    const older = h.upserted(v1);
    await h.feed(same);
    await h.feed(older);
    for (const event of [applied, same, older]) expect(await h.processedCount(event.id)).toBe(1);
    expect(await h.indexed(v1.id)).toEqual(expectedView(v2));
  });

  it('does not let an older upsert revive a deleted meeting, whatever the order', async () => {
    const v1 = meetings.create(owner, { actions: [action('Ghost', 1)] });
    const v2 = meetings.change(v1.id, (m) => (m.title = 'Renamed'));
    const deletion = meetings.remove(v1.id);
    await h.feed(h.deleted(deletion));
    await h.feed(h.upserted(v2));
    await h.feed(h.upserted(v1));
    expect(await h.indexed(v1.id)).toEqual(tombstoneView(v1.id, deletion.version));
  });

  it('lets a deletion win a tie with the upsert of the same version', async () => {
    const v1 = meetings.create(owner, { actions: [action('Tie', 1)] });
    await h.feed(h.upserted(v1));
    await h.feed(h.deleted({ meetingId: v1.id, version: v1.version }));
    expect(await h.indexed(v1.id)).toEqual(tombstoneView(v1.id, v1.version));
    await h.feed(h.upserted(v1));
    expect((await h.indexed(v1.id))!.deleted).toBe(true);
  });

  it('ignores an older deletion once a newer version is in', async () => {
    const v1 = meetings.create(owner, { actions: [action('Survivor', 1)] });
    const v3 = meetings.change(v1.id, (m) => (m.title = 'v2'));
    await h.feed(h.upserted(v3));
    await h.feed(h.deleted({ meetingId: v1.id, version: v1.version }));
    expect(await h.indexed(v1.id)).toEqual(expectedView(v3));
  });

  it('converges to the last version whatever order a whole history arrives in', async () => {
    const first = meetings.create(owner, { actions: [action('a #x', 1)] });
    const history = [first];
    history.push(meetings.change(first.id, (m) => m.actions.push(action('b #y', 2))));
    history.push(meetings.change(first.id, (m) => (m.sharedWith = ['sam@example.com'])));
    history.push(meetings.change(first.id, (m) => (m.actions[0]!.completed = true)));
    history.push(meetings.change(first.id, (m) => (m.title = 'final')));
    const shuffled = [history[2]!, history[4]!, history[0]!, history[3]!, history[1]!, history[4]!];
    for (const snapshot of shuffled) await h.feed(h.upserted(snapshot));
    expect(await h.indexed(first.id)).toEqual(expectedView(history[4]!));
  });
});

describe('what the list shows after events', () => {
  it('shows a change made through events in GET /api/actions', async () => {
    const viewer = testUser('viewer@example.com');
    const created = meetings.create(viewer, {
      title: 'Visible',
      actions: [action('See me #now', 1)],
    });
    await h.feed(h.upserted(created));
    const listed = await h.request(viewer, 'GET', '/api/actions/');
    expect(listed.json().meetings).toEqual([
      expect.objectContaining({
        id: created.id,
        title: 'Visible',
        actions: [expect.objectContaining({ text: 'See me #now', hashtags: ['now'] })],
      }),
    ]);
    await h.feed(h.deleted(meetings.remove(created.id)));
    expect((await h.request(viewer, 'GET', '/api/actions/')).json().meetings).toEqual([]);
  });
});
