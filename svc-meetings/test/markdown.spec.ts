import { randomUUID } from 'node:crypto';
import { ServerMessages } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

// `GET /api/meetings/{id}/export.md`, for anyone who may read the meeting.

let h: Harness;
let owner: Client;
const viewerUser: TestUser = testUser();
let viewer: Client;
let stranger: Client;
beforeAll(async () => {
  h = await Harness.start();
  owner = h.as(testUser());
  viewer = h.as(viewerUser);
  stranger = h.as(testUser());
});
afterAll(async () => {
  await h?.close();
});

const exportOf = (client: Client, id: string) => client.get(`/api/meetings/${id}/export.md`);

describe('the Markdown export', () => {
  it('answers the meeting as a Markdown file with its notes converted', async () => {
    const { id } = await owner.create('Weekly status', '2026-11-30T14:00:00.000Z');
    await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email: viewerUser.email });
    await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, { text: 'Budget' });
    await owner.change('PUT', `/api/meetings/${id}/update-notes`, {
      notes: '<h2>Agreed</h2><p>Hire <strong>two</strong> people</p>',
    });
    await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
      text: 'Post the ads',
      assignee: viewerUser.email,
      dueDate: '2026-12-04',
    });
    const response = await exportOf(owner, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="weekly-status-2026-11-30.md"',
    );
    expect(response.body).toContain('# Weekly status\n');
    expect(response.body).toContain('- **Date:** Monday 30/11/2026 14:00 (UTC)');
    expect(response.body).toContain(`- **Shared with:** ${viewerUser.email.toLowerCase()}`);
    expect(response.body).toContain('- [ ] Budget');
    expect(response.body).toContain('## Agreed\n\nHire **two** people');
    expect(response.body).toContain(
      `- [ ] Post the ads (assignee: ${viewerUser.email.toLowerCase()}; due: Friday 04/12/2026; status: open)`,
    );
    // Someone it is shared with may download it too.
    const byViewer = await exportOf(viewer, id);
    expect(byViewer.statusCode).toBe(200);
    expect(byViewer.body).toBe(response.body);
  });

  it('is there for a free-tier owner, who may still read their meetings', async () => {
    const freeUser = testUser();
    const free = h.as(freeUser);
    const { id } = await free.create('Kept');
    await h.setPlan(freeUser, 'free');
    const response = await exportOf(free, id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# Kept\n');
  });

  it('is refused to a stranger and to no one signed in, and answers bad ids', async () => {
    const { id } = await owner.create();
    const byStranger = await exportOf(stranger, id);
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toMatchObject({ error: ServerMessages.accessDenied });
    expect(byStranger.body).not.toContain('#');
    expect((await exportOf(h.as(null), id)).statusCode).toBe(401);
    for (const bad of ['not-a-uuid', `${randomUUID()}x`]) {
      expect((await exportOf(owner, bad)).statusCode, bad).toBe(400);
    }
    const unknown = await exportOf(owner, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: ServerMessages.meetingNotFound });
  });
});
