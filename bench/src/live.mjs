// Live notes (Yjs rooms on svc-meetings, through the gateway's WebSocket):
//  - keystroke to text: two Chromium pages on the same meeting's notes as two people; each key
//    pressed in one page is timed until the other page's editor shows it;
//  - a crowded room: many people in one meeting's room (Node clients), some of them typing at
//    once; no update may be lost, and the room's memory on the server is reported.
import { readFileSync } from 'node:fs';
import * as Y from 'yjs';
import { joinLiveNotes, launchBrowser, typeBetweenWords } from '@meetings/testing';
import { BENCH_USERS, user } from './config.mjs';
import { call } from './events.mjs';
import { percentile } from './load.mjs';

const KEY_GAP_MS = 80;

/* global window, document, MutationObserver -- the callbacks below run in the page, not in Node. */

/** A meeting of `owner`'s shared with `editors` as editors; returns its id. */
async function sharedMeeting(stack, owner, editors, title) {
  const { meeting } = await call(stack, owner, 'POST', '/api/meetings/create', { title });
  for (const editor of editors)
    await call(stack, owner, 'PUT', `/api/meetings/${meeting.id}/add-shared-user`, {
      email: editor.email,
      role: 'editor',
    });
  return meeting.id;
}

export const until = async (check, timeoutMs, what) => {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs)
      throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now() - started;
};

const summarise = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
  };
};

/** Keystroke in one page to text in the other, `keys` keys, alternating who types. */
async function keystrokeToText(stack, keys) {
  const [a, b] = BENCH_USERS;
  const meetingId = await sharedMeeting(stack, a, [b], 'Live notes latency');
  const browser = await launchBrowser();
  try {
    const pages = [];
    for (const who of [a, b]) {
      const context = await browser.newContext();
      await context.addCookies([
        { name: 'session', value: who.sessionToken, url: stack.urls.gateway },
      ]);
      const page = await context.newPage();
      await page.goto(`${stack.urls.gateway}/app/meetings/${meetingId}`);
      await page.getByRole('textbox', { name: 'Meeting notes' }).waitFor({ timeout: 60_000 });
      pages.push(page);
    }
    for (const [page, other] of [
      [pages[0], b],
      [pages[1], a],
    ])
      await page
        .getByRole('list', { name: 'Also here' })
        .getByRole('listitem', { name: other.email })
        .waitFor({ timeout: 30_000 });
    // Each page notes when it sent a key, and when its editor's text changed to what length.
    for (const page of pages)
      await page.evaluate(() => {
        const now = () => performance.timeOrigin + performance.now();
        window.benchSent = [];
        window.benchSeen = [];
        document.addEventListener('keydown', () => window.benchSent.push(now()), true);
        const editor = document.querySelector('.ql-editor');
        new MutationObserver(() =>
          window.benchSeen.push({ at: now(), length: editor.textContent.length }),
        ).observe(editor, { childList: true, subtree: true, characterData: true });
      });
    const samples = [];
    for (let i = 0; i < keys; i++) {
      const [typing, watching] = i % 2 === 0 ? pages : [pages[1], pages[0]];
      const lengthBefore = await watching.evaluate(
        () => document.querySelector('.ql-editor').textContent.length,
      );
      await typing.getByRole('textbox', { name: 'Meeting notes' }).focus();
      await typing.keyboard.press('Control+End');
      await typing.evaluate(() => {
        window.benchSent = [];
      });
      await watching.evaluate(() => {
        window.benchSeen = [];
      });
      await typing.keyboard.type('x');
      const seenAt = await watching
        .waitForFunction(
          (before) => window.benchSeen.find((s) => s.length > before)?.at,
          lengthBefore,
          { timeout: 10_000, polling: 5 },
        )
        .then((handle) => handle.jsonValue());
      const [sentAt] = await typing.evaluate(() => window.benchSent);
      samples.push(seenAt - sentAt);
      await new Promise((r) => setTimeout(r, KEY_GAP_MS));
    }
    return summarise(samples);
  } finally {
    await browser.close();
  }
}

/** One person's notes editor in the room, as a Node client through the gateway. */
export function joinRoom(stack, who, meetingId) {
  return joinLiveNotes({
    url: `${stack.urls.gateway.replace(/^http/, 'ws')}/api/meetings/${meetingId}/collab`,
    meetingId,
    headers: { cookie: `session=${who.sessionToken}` },
  });
}

function residentKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

/** `people` in one room, `typing` of them typing `words` words each at once. */
async function crowdedRoom(stack, { people, typing, words }) {
  // Seeded people (each with a session) whose numbers no other benchmark acts as.
  const owner = user(300);
  const others = Array.from({ length: people - 1 }, (_, i) => user(301 + i));
  const meetingId = await sharedMeeting(stack, owner, others, 'Live notes, a crowded room');
  const pid = stack.pids.meetings ?? stack.pids.embedded;
  global.gc?.();
  const rssBefore = residentKb(pid);
  const rooms = [owner, ...others].map((who) => joinRoom(stack, who, meetingId));
  try {
    const joinMs = await until(
      () => rooms.every((room) => room.provider.isSynced),
      60_000,
      'everyone in the room',
    );
    const started = performance.now();
    const typed = [];
    await Promise.all(
      rooms.slice(0, typing).map(async (room, t) => {
        for (let w = 0; w < words; w++) {
          const word = `[${t}.${w}]`;
          typeBetweenWords(room, word);
          typed.push(word);
          await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
    const typingMs = performance.now() - started;
    const first = () => rooms[0].text.toString();
    const convergeMs = await until(
      () =>
        rooms.every((room) => room.provider.unsyncedChanges === 0) &&
        rooms.every((room) => room.text.toString() === first()),
      60_000,
      'the room agreeing',
    );
    const together = first();
    const lost = typed.filter((word) => !together.includes(word)).length;
    const rssInRoom = residentKb(pid);
    return {
      people,
      typing,
      wordsTyped: typed.length,
      lost,
      joinMs,
      typingMs,
      convergedAfterTypingMs: convergeMs,
      documentBytes: Y.encodeStateAsUpdate(rooms[0].document).byteLength,
      serverMemoryForRoomKb: rssInRoom - rssBefore,
    };
  } finally {
    for (const room of rooms) room.leave();
  }
}

export async function measureLive({ stack, keys, room, log }) {
  const keystroke = await keystrokeToText(stack, keys);
  log(
    `   keystroke → other page: p50 ${keystroke.p50.toFixed(1)} ms, p95 ${keystroke.p95.toFixed(1)} ms (${keystroke.n} keys)`,
  );
  const crowded = await crowdedRoom(stack, room);
  log(
    `   room of ${crowded.people}, ${crowded.typing} typing: ${crowded.wordsTyped} words, ${crowded.lost} lost, agreed ${crowded.convergedAfterTypingMs.toFixed(0)} ms after typing; server memory for the room ${crowded.serverMemoryForRoomKb} kB`,
  );
  return { keystroke, room: crowded };
}
