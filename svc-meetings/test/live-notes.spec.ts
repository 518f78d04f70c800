import { Subjects } from '@meetings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { LiveNotesServer } from '../src/collab/live-notes.server.js';
import { MeetingStore } from '../src/store/meeting-store.js';
import { meetingWithContent } from './fixtures/meetings.js';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

let h: Harness;
let ownerUser: TestUser;
let editorUser: TestUser;
let viewerUser: TestUser;
let owner: Client;

beforeAll(async () => {
  h = await Harness.start();
  ownerUser = testUser();
  editorUser = testUser();
  viewerUser = testUser();
  owner = h.as(ownerUser);
});
afterEach(() => h.leaveLiveNotes());
afterAll(async () => {
  await h?.close();
});

const collabUrl = (meetingId: string) =>
  `${h.meetings.url.replace(/^http/, 'ws')}/api/meetings/${meetingId}/collab`;

/** The answer to an upgrade of the live notes address, without a Yjs client. */
function upgrade(meetingId: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(collabUrl(meetingId), { headers });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('error', reject);
  });
}

const storedNotes = async (meetingId: string) => (await owner.meeting(meetingId)).notes;

async function storedState(meetingId: string): Promise<Buffer | null> {
  const [row] = (await h.meetings.dataSource.query(
    `SELECT notes_state FROM meeting WHERE id = $1`,
    [meetingId],
  )) as { notes_state: Buffer | null }[];
  return row?.notes_state ?? null;
}

/** The `meeting.edited` events of a meeting: open pages of it re-read on each. */
async function editedEvents(meetingId: string): Promise<number> {
  return (await h.events())
    .filter((event) => event.subject === Subjects.MeetingEdited)
    .filter((event) => event.data.meetingId === meetingId).length;
}

const rooms = () => h.meetings.app.get(LiveNotesServer).hocuspocus;

/** A meeting whose notes were typed live ("Typed live") and stored, its room closed since. */
async function typedLiveThenLeft() {
  const { meeting } = await meetingWithContent(owner, { editors: [editorUser] });
  const editor = await h.joinLiveNotes(editorUser, meeting.id);
  editor.text.insert(0, 'Typed live');
  await vi.waitFor(() => expect(storedNotes(meeting.id)).resolves.toBe('<p>Typed live</p>'), {
    timeout: 15_000,
  });
  editor.leave();
  await vi.waitFor(() => expect(rooms().documents.has(meeting.id)).toBe(false), {
    timeout: 15_000,
  });
  return meeting;
}

describe('live notes', () => {
  it('merges what the owner and an editor type at the same moment, and stores it as the notes', async () => {
    const { meeting } = await meetingWithContent(owner, { editors: [editorUser] });
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-notes`, {
      notes: '<p>Agreed</p>',
    });
    const mine = await h.joinLiveNotes(ownerUser, meeting.id);
    const theirs = await h.joinLiveNotes(editorUser, meeting.id);
    expect(mine.text.toString()).toBe('Agreed\n');
    // Both type into the same paragraph before either hears of the other.
    mine.text.insert(0, 'We ');
    theirs.text.insert(6, ' today');
    const merged = 'We Agreed today\n';
    await vi.waitFor(() => {
      expect(mine.text.toString()).toBe(merged);
      expect(theirs.text.toString()).toBe(merged);
    });
    const editedBefore = await editedEvents(meeting.id);
    await vi.waitFor(
      () => expect(storedNotes(meeting.id)).resolves.toBe('<p>We Agreed today</p>'),
      {
        timeout: 15_000,
      },
    );
    // Stored like an HTTP save of the notes: open copies (a viewer's page) hear of it.
    expect(await editedEvents(meeting.id)).toBeGreaterThan(editedBefore);
  });

  it('keeps a viewer read-only: their change is refused, never shown to others nor stored', async () => {
    const { meeting } = await meetingWithContent(owner, { sharedWith: [viewerUser] });
    const mine = await h.joinLiveNotes(ownerUser, meeting.id);
    const viewer = await h.joinLiveNotes(viewerUser, meeting.id);
    mine.text.insert(0, 'Owner writes');
    await vi.waitFor(() => expect(viewer.text.toString()).toBe('Owner writes'));
    viewer.text.insert(0, 'Viewer scribbles ');
    mine.text.insert(mine.text.length, '.');
    await vi.waitFor(() => expect(viewer.text.toString()).toContain('Owner writes.'));
    await vi.waitFor(() => expect(storedNotes(meeting.id)).resolves.toBe('<p>Owner writes.</p>'), {
      timeout: 15_000,
    });
    expect(mine.text.toString()).toBe('Owner writes.');
    expect(rooms().documents.get(meeting.id)?.getText('notes').toString()).toBe('Owner writes.');
  });

  it('follows a change of role or share while the person is in the room', async () => {
    const { meeting } = await meetingWithContent(owner, { editors: [editorUser] });
    const mine = await h.joinLiveNotes(ownerUser, meeting.id);
    const theirs = await h.joinLiveNotes(editorUser, meeting.id);
    expect(theirs.provider.authorizedScope).toBe('read-write');

    // Made a viewer: their editor connects again, read-only.
    await owner.change('PUT', `/api/meetings/${meeting.id}/add-shared-user`, {
      email: editorUser.email,
      role: 'viewer',
    });
    await vi.waitFor(() => expect(theirs.provider.authorizedScope).toBe('readonly'), {
      timeout: 10_000,
    });
    mine.text.insert(0, 'Owner only');
    await vi.waitFor(() => expect(theirs.text.toString()).toContain('Owner only'));

    // Taken off the list: the socket ends and connecting again is refused.
    await owner.change('PUT', `/api/meetings/${meeting.id}/remove-shared-user`, {
      email: editorUser.email,
    });
    await vi.waitFor(
      () => expect(rooms().documents.get(meeting.id)?.getConnectionsCount()).toBe(1),
      {
        timeout: 10_000,
      },
    );
    mine.text.insert(0, 'Private ');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(theirs.text.toString()).not.toContain('Private');
    expect(await upgrade(meeting.id, await h.runtime.tokens.bearer(editorUser))).toBe(403);
  });

  it('ends every socket of a deleted meeting', async () => {
    const { meeting } = await meetingWithContent(owner, { editors: [editorUser] });
    await h.joinLiveNotes(ownerUser, meeting.id);
    await h.joinLiveNotes(editorUser, meeting.id);
    const server = h.meetings.app.get(LiveNotesServer);
    expect(server.socketsOf(meeting.id)).toHaveLength(2);
    await owner.change('DELETE', `/api/meetings/${meeting.id}/delete`);
    await vi.waitFor(() => expect(server.socketsOf(meeting.id)).toHaveLength(0), {
      timeout: 10_000,
    });
  });

  it('refuses a stranger, a caller without a token and an address that is no meeting', async () => {
    const { meeting } = await meetingWithContent(owner);
    const stranger = await h.runtime.tokens.bearer(testUser());
    expect(await upgrade(meeting.id, stranger)).toBe(403);
    expect(await upgrade(meeting.id, {})).toBe(401);
    expect(await upgrade(meeting.id, { authorization: 'Bearer nonsense' })).toBe(401);
    expect(await upgrade('6f0c1f7e-0000-4000-8000-000000000000', stranger)).toBe(404);
    expect(await upgrade(meeting.id, await h.runtime.tokens.bearer(ownerUser))).toBe(101);
  });

  it('gives an owner whose plan cannot edit a read-only room', async () => {
    const freeUser = testUser();
    const free = h.as(freeUser);
    const { meeting } = await meetingWithContent(free);
    await h.setPlan(freeUser, 'free');
    const room = await h.joinLiveNotes(freeUser, meeting.id);
    await vi.waitFor(() => expect(room.provider.authorizedScope).toBe('readonly'));
  });

  it('stores the room when everyone has left, and the next room starts from what was stored', async () => {
    const { meeting } = await meetingWithContent(owner);
    const first = await h.joinLiveNotes(ownerUser, meeting.id);
    first.text.applyDelta([{ insert: 'Kept', attributes: { bold: true } }, { insert: '\n' }]);
    first.leave();
    await vi.waitFor(() => expect(rooms().documents.has(meeting.id)).toBe(false), {
      timeout: 15_000,
    });
    expect(await storedNotes(meeting.id)).toBe('<p><strong>Kept</strong></p>');
    expect(await storedState(meeting.id)).not.toBeNull();
    const again = await h.joinLiveNotes(ownerUser, meeting.id);
    expect(again.text.toDelta()).toEqual([
      { insert: 'Kept', attributes: { bold: true } },
      { insert: '\n' },
    ]);
  });

  it('leaves the stored state in the database when the meeting changes: a change reads it not back', async () => {
    const meeting = await typedLiveThenLeft();
    const state = await storedState(meeting.id);
    expect(state).not.toBeNull();
    const store = h.meetings.app.get(MeetingStore);
    const touched = await store.touch(h.meetings.dataSource, meeting.id);
    expect(touched.version).toBe((await owner.meeting(meeting.id)).version);
    expect(touched.title).toBe(meeting.title);
    expect(touched.notesState).toBeUndefined();
    expect(await storedState(meeting.id)).toEqual(state);
  });

  it('leaves the stored state in the database when meetings are listed or exported', async () => {
    const meeting = await typedLiveThenLeft();
    expect(await storedState(meeting.id)).not.toBeNull();
    const store = h.meetings.app.get(MeetingStore);
    const listed = await store.visibleTo(h.meetings.dataSource, ownerUser, {
      offset: 0,
      limit: 100,
    });
    const exported = await store.pageById(h.meetings.dataSource, undefined, 100_000);
    for (const rows of [listed, exported]) {
      const row = rows.find((candidate) => candidate.id === meeting.id);
      expect(row?.title).toBe(meeting.title);
      expect(row?.notesState).toBeUndefined();
    }
  });

  it('stores a save over HTTP of notes edited live in their shared state before it answers', async () => {
    const meeting = await typedLiveThenLeft();
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-notes`, {
      notes: '<p>Typed live</p><p>Saved over HTTP</p>',
    });
    // Read at once: the room the save opened may still be closing, its state is already stored.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array((await storedState(meeting.id))!));
    expect(doc.getText('notes').toString()).toBe('Typed live\nSaved over HTTP\n');
  });

  it('keeps a save over HTTP that no room could take: the room starts from it and stores it', async () => {
    const meeting = await typedLiveThenLeft();
    // The room cannot be opened (its shared state's server is away, say).
    vi.spyOn(rooms(), 'openDirectConnection').mockRejectedValueOnce(new Error('room unavailable'));
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-notes`, {
      notes: '<p>Typed live</p><p>Saved over HTTP</p>',
    });
    const again = await h.joinLiveNotes(editorUser, meeting.id);
    expect(again.text.toString()).toBe('Typed live\nSaved over HTTP\n');
    again.text.insert(again.text.length - 1, '!');
    await vi.waitFor(
      () =>
        expect(storedNotes(meeting.id)).resolves.toBe('<p>Typed live</p><p>Saved over HTTP!</p>'),
      { timeout: 15_000 },
    );
  });

  it('brings notes saved over HTTP to the people in the room, merged with their typing', async () => {
    const { meeting } = await meetingWithContent(owner, { editors: [editorUser] });
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-notes`, {
      notes: '<p>First</p><p>Second</p>',
    });
    const theirs = await h.joinLiveNotes(editorUser, meeting.id);
    theirs.text.insert(theirs.text.length - 1, '!');
    await vi.waitFor(() =>
      expect(rooms().documents.get(meeting.id)?.getText('notes').toString()).toBe(
        'First\nSecond!\n',
      ),
    );
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-notes`, {
      notes: '<p>First, changed</p><p>Second!</p>',
    });
    await vi.waitFor(() => expect(theirs.text.toString()).toBe('First, changed\nSecond!\n'));
  });
});
