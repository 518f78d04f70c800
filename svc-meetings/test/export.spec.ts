import { MeetingsExportPageSchema, type MeetingSnapshot } from '@meetings/contracts';
import { InternalClient } from '@meetings/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingWithContent } from './fixtures/meetings.js';
import { Harness, testUser } from './harness.js';

let h: Harness;
let client: InternalClient;

beforeAll(async () => {
  h = await Harness.start();
  client = new InternalClient(h.meetings.managementUrl, 3_000);
});
afterAll(async () => {
  await h?.close();
});

describe('GET /internal/meetings/export', () => {
  it('pages through every meeting in id order with its actions', async () => {
    const exporter = h.as(testUser());
    const created = new Set<string>();
    for (let i = 0; i < 5; i++) created.add((await meetingWithContent(exporter)).meeting.id);

    const seen: MeetingSnapshot[] = [];
    let afterId: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await client.get('/internal/meetings/export', MeetingsExportPageSchema, {
        query: { afterId, limit: 2 },
      });
      pages++;
      seen.push(...page.meetings);
      if (!page.nextAfterId) break;
      expect(page.meetings).toHaveLength(2);
      afterId = page.nextAfterId;
    }
    const ids = seen.map((m) => m.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of created) expect(ids).toContain(id);
    expect(pages).toBeGreaterThanOrEqual(3);
    const one = seen.find((m) => created.has(m.id))!;
    const current = await exporter.meeting(one.id);
    expect(one).toEqual({
      id: current.id,
      version: current.version,
      title: current.title,
      date: current.date,
      ownerId: current.owner.id,
      ownerEmail: current.owner.email,
      sharedWith: current.sharedWith,
      seriesId: current.seriesId,
      actions: current.actions.map(
        ({ id, text, completed, order, hashtags, assignee, dueDate }) => ({
          id,
          text,
          completed,
          order,
          hashtags,
          assignee,
          dueDate,
        }),
      ),
    });
  });

  it('refuses a bad page request', async () => {
    for (const query of [
      '',
      'limit=0',
      'limit=5000',
      'limit=x',
      'limit=10&afterId=x',
      'limit=2&more=1',
    ]) {
      const response = await h.meetings.app.inject({ url: `/internal/meetings/export?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
  });
});
