import { joinLiveNotes, typeBetweenWords, type LiveNotesClient } from '@meetings/testing';
import { expect, it } from 'vitest';
import type { UserClient } from '../../support/client.js';
import { round } from '../../support/stats.js';
import { sleep, type FaultSuite } from '../../support/suite.js';

const TYPE_EVERY_MS = 40;
const TYPING_BEFORE_MS = 2_000;
const TYPING_AFTER_MS = 2_000;

/** A person's notes editor in a meeting's room, through the gateway with their session. */
function joinRoom(user: UserClient, meetingId: string): LiveNotesClient {
  return joinLiveNotes({
    url: `${user.base.replace(/^http/, 'ws')}/api/meetings/${meetingId}/collab`,
    meetingId,
    headers: { cookie: user.cookie },
  });
}

/**
 * Types a word every TYPE_EVERY_MS into the same paragraph as the other person, between two of the
 * words already there, online or not; returns what it typed when stopped.
 */
function typist(room: LiveNotesClient, name: string) {
  const typed: string[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const word = `[${name}${typed.length}]`;
      typeBetweenWords(room, word);
      typed.push(word);
      await sleep(TYPE_EVERY_MS);
    }
  })();
  return {
    typed,
    async stop() {
      stopped = true;
      await done;
      return typed;
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

export function liveNotesRestart(suite: () => FaultSuite): void {
  it('svc-meetings killed (kill -9) while two people type the same notes: both keep typing, nothing typed is lost, the notes are stored whole', async () => {
    const { env, workload, results } = suite();
    const meetings = env.cluster.processes['svc-meetings'];
    const [owner, editor] = workload.clients as [UserClient, UserClient];
    const created = await owner.call<{ meeting: { id: string } }>(
      'live-create',
      'POST',
      '/api/meetings/create',
      { title: 'Live notes under a restart' },
      { expect: [201] },
    );
    expect(created.status, created.text).toBe(201);
    const meetingId = created.json.meeting.id;
    const shared = await owner.call(
      'live-share',
      'PUT',
      `/api/meetings/${meetingId}/add-shared-user`,
      { email: editor.email, role: 'editor' },
    );
    expect(shared.status, shared.text).toBe(200);

    const rooms = [joinRoom(owner, meetingId), joinRoom(editor, meetingId)];
    try {
      await until(() => rooms.every((room) => room.provider.isSynced), 15_000);
      const typists = [typist(rooms[0]!, 'A'), typist(rooms[1]!, 'B')];
      await sleep(TYPING_BEFORE_MS);

      await meetings.kill('SIGKILL');
      const typedBefore = typists.reduce((n, t) => n + t.typed.length, 0);
      const restartStart = Date.now();
      await meetings.start();
      const restartMs = Date.now() - restartStart;
      await sleep(TYPING_AFTER_MS);
      const typedWhileAway = typists.reduce((n, t) => n + t.typed.length, 0) - typedBefore;
      const typed = (await Promise.all(typists.map((t) => t.stop()))).flat();

      const convergeMs = await until(
        () =>
          rooms.every((room) => room.provider.isSynced && room.provider.unsyncedChanges === 0) &&
          rooms[0]!.text.toString() === rooms[1]!.text.toString(),
        30_000,
      );
      const together = rooms[0]!.text.toString();
      const lost = typed.filter((word) => !together.includes(word));
      const storedMs = await until(async () => {
        const answer = await owner.call<{ meeting: { notes: string } }>(
          'live-stored',
          'GET',
          `/api/meetings/${meetingId}`,
        );
        return answer.ok && typed.every((word) => answer.json.meeting.notes.includes(word));
      }, 30_000);

      results.liveNotesRestart = {
        wordsTyped: typed.length,
        wordsTypedWhileAwayOrReconnecting: typedWhileAway,
        restartSeconds: round(restartMs / 1000),
        convergedAfterTypingMs: convergeMs,
        storedAfterConvergingMs: storedMs,
        lost: lost.length,
      };
      expect(typedWhileAway).toBeGreaterThan(0);
      expect(lost).toEqual([]);
      expect(together.replace(/\s/g, '')).toHaveLength(typed.join('').length);
    } finally {
      for (const room of rooms) room.leave();
    }
  });
}
