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

describe('roles of the people a meeting is shared with', () => {
  const shareAs = (id: string, email: string, role: unknown) =>
    owner.put(`/api/meetings/${id}/add-shared-user`, { email, role });

  it('shares as a viewer unless told, and shows each role in meeting.sharedRoles', async () => {
    const { id } = await owner.create();
    await share(owner, id, 'viewer@example.com');
    const response = await shareAs(id, 'Editor@Example.com', 'editor');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      meeting: {
        sharedWith: ['viewer@example.com', 'editor@example.com'],
        sharedRoles: { 'viewer@example.com': 'viewer', 'editor@example.com': 'editor' },
        role: 'owner',
      },
    });
  });

  it('changes the role of an address already shared when a role is given', async () => {
    const { id } = await owner.create();
    await share(owner, id, 'ada@example.com');
    const promoted = await shareAs(id, 'ADA@example.com', 'editor');
    expect(promoted.statusCode).toBe(200);
    expect((await owner.meeting(id)).sharedRoles).toEqual({ 'ada@example.com': 'editor' });
    await shareAs(id, 'ada@example.com', 'viewer');
    expect(await owner.meeting(id)).toMatchObject({
      sharedWith: ['ada@example.com'],
      sharedRoles: { 'ada@example.com': 'viewer' },
    });
  });

  it('forgets the role with the address, so sharing again starts as a viewer', async () => {
    const { id } = await owner.create();
    await shareAs(id, 'ada@example.com', 'editor');
    await unshare(owner, id, 'ada@example.com');
    await share(owner, id, 'ada@example.com');
    expect((await owner.meeting(id)).sharedRoles).toEqual({ 'ada@example.com': 'viewer' });
  });

  it.each([['owner'], ['Editor'], [''], [1], [null]])(
    'refuses the role %j and changes nothing',
    async (role) => {
      const { id, version } = await owner.create();
      const response = await shareAs(id, 'ada@example.com', role);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await owner.meeting(id)).toMatchObject({ sharedWith: [], version });
    },
  );

  it('tells each reader their own role', async () => {
    const editorUser = testUser();
    const viewerUser = testUser();
    const { id } = await owner.create();
    await shareAs(id, editorUser.email, 'editor');
    await share(owner, id, viewerUser.email);
    expect((await h.as(editorUser).meeting(id)).role).toBe('editor');
    expect((await h.as(viewerUser).meeting(id)).role).toBe('viewer');
  });
});
