import { MAX_SHARED_WITH, ServerMessages } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client } from './harness.js';

let h: Harness;
let owner: Client;
beforeAll(async () => {
  h = await Harness.start();
  owner = h.as(testUser());
});
afterAll(async () => {
  await h?.close();
});

const share = (client: Client, id: string, email: unknown) =>
  client.put(`/api/meetings/${id}/add-shared-user`, { email });
const unshare = (client: Client, id: string, email: unknown) =>
  client.put(`/api/meetings/${id}/remove-shared-user`, { email });

describe('sharing a meeting by e-mail', () => {
  it('stores the e-mail trimmed and in lower case and answers meeting.sharedWith', async () => {
    const { id } = await owner.create();
    const response = await share(owner, id, '  Ada.Lovelace@Example.COM ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      meeting: { sharedWith: ['ada.lovelace@example.com'] },
    });
    const second = await share(owner, id, 'grace@example.org');
    expect(second.json()).toMatchObject({
      meeting: { sharedWith: ['ada.lovelace@example.com', 'grace@example.org'] },
    });
  });

  it.each([
    ['', ServerMessages.emailEmpty],
    ['    ', ServerMessages.emailEmpty],
    ['not-an-email', ServerMessages.emailInvalid],
    ['a b@example.com', ServerMessages.emailInvalid],
    ['a@b', ServerMessages.emailInvalid],
    ['@example.com', ServerMessages.emailInvalid],
    [`${'x'.repeat(250)}@example.com`, ServerMessages.emailInvalid],
  ])('refuses %j with its message', async (email, text) => {
    const { id, version } = await owner.create();
    const response = await share(owner, id, email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: text, field: 'email' });
    expect(await owner.meeting(id)).toMatchObject({ sharedWith: [], version });
  });

  it('refuses an e-mail already on the list, however it is written', async () => {
    const { id } = await owner.create();
    await share(owner, id, 'dup@example.com');
    const response = await share(owner, id, ' DUP@example.com');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'MEETING_EMAIL_ALREADY_SHARED',
      error: ServerMessages.emailAlreadyShared,
    });
    expect((await owner.meeting(id)).sharedWith).toEqual(['dup@example.com']);
  });

  it("refuses the owner's own e-mail", async () => {
    const { id, version } = await owner.create();
    const response = await share(owner, id, owner.user!.email.toUpperCase());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'MEETING_EMAIL_IS_OWNER',
      error: ServerMessages.emailIsOwner,
    });
    expect(await owner.meeting(id)).toMatchObject({ sharedWith: [], version });
  });

  it('gives the shared user read access, which ends when the e-mail is removed', async () => {
    const viewer = testUser();
    const { id } = await owner.create('Shared planning');
    await share(owner, id, viewer.email);
    const asViewer = h.as(viewer);
    expect(await asViewer.meeting(id)).toMatchObject({ title: 'Shared planning', isOwner: false });
    expect((await asViewer.get('/api/meetings')).json()).toMatchObject({
      meetings: [{ id, isOwner: false }],
    });

    const removed = await unshare(owner, id, ` ${viewer.email.toUpperCase()} `);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ meeting: { sharedWith: [] } });
    expect((await asViewer.get(`/api/meetings/${id}`)).json()).toMatchObject({
      statusCode: 403,
      error: ServerMessages.accessDenied,
    });
    expect((await asViewer.get('/api/meetings')).json()).toMatchObject({ meetings: [] });
  });

  it('says so when removing an e-mail that is not shared', async () => {
    const { id } = await owner.create();
    await share(owner, id, 'kept@example.com');
    const before = await owner.meeting(id);
    const response = await unshare(owner, id, 'other@example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'MEETING_EMAIL_NOT_SHARED',
      error: ServerMessages.emailNotShared,
    });
    expect(await owner.meeting(id)).toEqual(before);
    expect((await unshare(owner, id, '')).json()).toMatchObject({
      statusCode: 400,
      error: ServerMessages.emailEmpty,
    });
  });

  it('publishes the new list', async () => {
    const { id } = await owner.create();
    await share(owner, id, 'listener@example.com');
    expect((await h.events(id)).at(-1)).toMatchObject({
      data: { meeting: { id, sharedWith: ['listener@example.com'], version: 2 } },
    });
  });

  it(`stops at ${MAX_SHARED_WITH} e-mails`, async () => {
    const { id } = await owner.create();
    const full = Array.from({ length: MAX_SHARED_WITH }, (_, i) => `person${i}@example.com`);
    await h.meetings.dataSource.query(`UPDATE meeting SET shared_with = $2 WHERE id = $1`, [
      id,
      full,
    ]);
    const response = await share(owner, id, 'one-more@example.com');
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'MEETING_TOO_MANY_ITEMS' });
    expect((await owner.meeting(id)).sharedWith).toHaveLength(MAX_SHARED_WITH);
  });
});
