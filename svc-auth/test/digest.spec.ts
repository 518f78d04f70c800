import { randomUUID } from 'node:crypto';
import type { RunningService } from '@meetings/service-kit';
import { createTestRuntime, type TestRuntime } from '@meetings/service-kit/testing';
import { startTestSmtp, type CapturedMail } from '@meetings/testing/services';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthEnv } from '../src/config.js';
import { DigestScheduler } from '../src/digest/digest-scheduler.service.js';
import { DigestSender } from '../src/digest/digest-sender.service.js';
import { UnsubscribeTokens } from '../src/mail/unsubscribe-tokens.service.js';
import { FakeActions, header, htmlPart, startAuth, textPart } from './mail-support.js';

// A daily digest at 08:00 in each person's time zone, exactly one per person and local
// day however many replicas run and however often they restart. Two svc-auth replicas share one
// database (PostgreSQL under `npm run test:real`), as in a deployment.

let runtime: TestRuntime;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
const actions = new FakeActions();
let replicas: RunningService<AuthEnv>[] = [];

async function replica(env: Record<string, string> = {}): Promise<RunningService<AuthEnv>> {
  const service = await startAuth(runtime, {
    SMTP_URL: smtp.url,
    ACTIONS_INTERNAL_URL: actions.url,
    ...env,
  });
  replicas.push(service);
  return service;
}

beforeAll(async () => {
  runtime = await createTestRuntime();
  smtp = await startTestSmtp();
  await actions.start();
});

afterAll(async () => {
  for (const service of replicas) await service.close();
  await actions.close();
  await smtp?.close();
  await runtime?.cleanup();
});

beforeEach(() => {
  actions.owed.clear();
});

const address = (name: string) => `${name}-${randomUUID().slice(0, 6)}@example.com`;
const mailsTo = (email: string): CapturedMail[] =>
  smtp.messages.filter((m) => m.to.includes(email));

/** A user row as sign-in makes it, with a stored time zone. */
async function user(service: RunningService<AuthEnv>, email: string, timeZone: string) {
  await service.dataSource.query(
    `INSERT INTO app_user (id, email, time_zone) VALUES ($1, $2, $3)`,
    [randomUUID(), email, timeZone],
  );
}

async function records(service: RunningService<AuthEnv>, email: string) {
  return (await service.dataSource.query(
    `SELECT to_char(local_date, 'YYYY-MM-DD') AS day, outcome, action_count FROM digest_send
     WHERE email = $1 ORDER BY local_date`,
    [email],
  )) as { day: string; outcome: string | null; action_count: number | null }[];
}

const pass = (service: RunningService<AuthEnv>, now: string) =>
  service.app.get(DigestSender).run(new Date(now));

describe('the daily digest', () => {
  it('goes out from 08:00 local time, once, with two replicas racing and after a restart', async () => {
    const a = await replica();
    const b = await replica();
    const paris = address('paris');
    const utc = address('utc');
    await user(a, paris, 'Europe/Paris');
    // `utc` never signed in: no stored time zone, so UTC.
    actions.owe(paris, { dueDate: '2026-06-03', text: 'Send the minutes', meetingTitle: 'Board' });
    actions.owe(utc, { dueDate: '2026-05-20', text: 'Overdue thing' });

    // 07:59 in Paris (05:59 UTC): nobody's 08:00 yet.
    await Promise.all([pass(a, '2026-06-01T05:59:00Z'), pass(b, '2026-06-01T05:59:00Z')]);
    expect(mailsTo(paris)).toHaveLength(0);
    expect(await records(a, paris)).toEqual([]);

    // 08:00 in Paris: both replicas race, the person gets one digest.
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => pass(i % 2 ? a : b, '2026-06-01T06:00:00Z')),
    );
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(mailsTo(paris)).toHaveLength(1);
    expect(mailsTo(utc)).toHaveLength(0);
    expect(await records(a, paris)).toEqual([
      { day: '2026-06-01', outcome: 'sent', action_count: 1 },
    ]);

    // A restart: a new replica on the same database sends nothing more that day.
    await a.close();
    replicas = replicas.filter((r) => r !== a);
    const c = await replica();
    await Promise.all([pass(b, '2026-06-01T09:00:00Z'), pass(c, '2026-06-01T09:00:00Z')]);
    expect(mailsTo(paris)).toHaveLength(1);
    // 08:00 UTC came meanwhile: the UTC person's digest went out, once.
    expect(mailsTo(utc)).toHaveLength(1);
    await pass(c, '2026-06-01T21:59:00Z');
    expect(mailsTo(paris)).toHaveLength(1);
    expect(mailsTo(utc)).toHaveLength(1);

    // The next local day is a new day.
    await Promise.all([pass(b, '2026-06-02T06:00:00Z'), pass(c, '2026-06-02T06:00:00Z')]);
    expect(mailsTo(paris)).toHaveLength(2);
    expect((await records(c, paris)).map((r) => r.day)).toEqual(['2026-06-01', '2026-06-02']);
  });

  it('sends a run missed while every replica was down later that day, never the next day', async () => {
    const service = await replica();
    const late = address('late');
    const missed = address('missed');
    await user(service, late, 'America/New_York');
    await user(service, missed, 'America/New_York');
    actions.owe(late, { dueDate: '2026-06-01' });
    // Down all of 1 June in New York; back at 15:00 local: the day's digest goes out then.
    await pass(service, '2026-06-01T19:00:00Z');
    expect(mailsTo(late)).toHaveLength(1);
    // `missed` had nothing due on 1 June; their action arrives for the 2nd and the replicas come
    // back at 07:00 local on the 2nd: the 1st is not made up for, the 2nd waits for 08:00.
    actions.owe(missed, { dueDate: '2026-06-02' });
    await pass(service, '2026-06-02T11:00:00Z');
    expect(mailsTo(missed)).toHaveLength(0);
    expect(await records(service, missed)).toEqual([]);
    await pass(service, '2026-06-02T12:00:00Z');
    expect(mailsTo(missed)).toHaveLength(1);
    expect(await records(service, missed)).toEqual([
      { day: '2026-06-02', outcome: 'sent', action_count: 1 },
    ]);
  });

  it('follows the clock change: London on the day the clocks go forward', async () => {
    const service = await replica();
    const london = address('london');
    await user(service, london, 'Europe/London');
    actions.owe(london, { dueDate: '2026-03-29' });
    await pass(service, '2026-03-29T06:59:00Z');
    expect(mailsTo(london)).toHaveLength(0);
    await pass(service, '2026-03-29T07:00:00Z');
    expect(mailsTo(london)).toHaveLength(1);
  });

  it('holds what is overdue or due within 7 days of the local day, grouped by meeting, with one-click unsubscribe', async () => {
    const service = await replica();
    const ada = address('ada');
    await user(service, ada, 'Pacific/Auckland');
    const board = randomUUID();
    actions.owe(ada, {
      meetingId: board,
      meetingTitle: 'Board <i>',
      text: 'Late <b>',
      dueDate: '2026-06-01',
    });
    actions.owe(ada, {
      meetingId: board,
      meetingTitle: 'Board <i>',
      text: 'Soon',
      dueDate: '2026-06-08',
    });
    actions.owe(ada, { text: 'Too far', dueDate: '2026-06-09' });
    // 08:00 on 2 June in Auckland is 20:00 UTC on 1 June.
    await pass(service, '2026-06-01T20:00:00Z');
    const [mail] = mailsTo(ada);
    expect(mail).toBeDefined();
    expect(actions.requests).toContain(
      `/internal/actions/digest?assignee=${encodeURIComponent(ada)}&through=2026-06-08`,
    );
    const text = textPart(mail!);
    expect(text).toContain(`Board <i> — https://minutes.example/app/meetings/${board}`);
    expect(text).toContain('  - Late <b> (overdue, was due Monday 01/06/2026)');
    expect(text).toContain('  - Soon (due Monday 08/06/2026)');
    expect(text).not.toContain('Too far');
    expect(htmlPart(mail!)).toContain('Late &lt;b&gt;');
    expect(header(mail!, 'Subject')).toBe('MeetingKeeper: 2 open actions due (1 overdue)');
    const link = `https://minutes.example/api/auth/unsubscribe?token=${service.app.get(UnsubscribeTokens).sign(ada)}`;
    expect(header(mail!, 'List-Unsubscribe')).toBe(`<${link}>`);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(`Stop these e-mails: ${link}`);
  });

  it('skips people who turned it off, and records a day with nothing due without mailing', async () => {
    const service = await replica();
    const off = address('off');
    const nothing = address('nothing');
    await service.dataSource.query(
      `INSERT INTO mail_setting (email, daily_digest, updated_at) VALUES ($1, false, now())`,
      [off],
    );
    actions.owe(off, { dueDate: '2026-06-01' });
    // Listed (due by the latest day anywhere) but not by their own local week.
    actions.owe(nothing, { dueDate: '2026-06-08' });
    await pass(service, '2026-06-01T09:00:00Z');
    expect(mailsTo(off)).toHaveLength(0);
    expect(await records(service, off)).toEqual([]);
    expect(mailsTo(nothing)).toHaveLength(0);
    expect(await records(service, nothing)).toEqual([
      { day: '2026-06-01', outcome: 'empty', action_count: 0 },
    ]);
  });

  it('releases the day when the mail cannot be sent, and sends on a later pass', async () => {
    const unreachable = await replica({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_RETRIES: '0' });
    const working = await replica();
    const bo = address('bo');
    actions.owe(bo, { dueDate: '2026-06-01' });
    const failed = await pass(unreachable, '2026-06-01T08:30:00Z');
    expect(failed.failed).toBe(1);
    expect(await records(working, bo)).toEqual([]);
    await pass(working, '2026-06-01T08:31:00Z');
    expect(mailsTo(bo)).toHaveLength(1);
  });

  it('takes over a claim its replica left unfinished past the lease', async () => {
    const service = await replica();
    const cy = address('cy');
    actions.owe(cy, { dueDate: '2026-06-01' });
    // A replica claimed the day and died before sending.
    await service.dataSource.query(
      `INSERT INTO digest_send (email, local_date, claimed_at) VALUES ($1, '2026-06-01', now())`,
      [cy],
    );
    await pass(service, '2026-06-01T09:00:00Z');
    expect(mailsTo(cy)).toHaveLength(0);
    await service.dataSource.query(
      `UPDATE digest_send SET claimed_at = now() - interval '6 minutes' WHERE email = $1`,
      [cy],
    );
    await pass(service, '2026-06-01T09:10:00Z');
    expect(mailsTo(cy)).toHaveLength(1);
  });

  it('keeps one pass at a time per replica and survives svc-actions being away', async () => {
    const away = await replica({ ACTIONS_INTERNAL_URL: 'http://127.0.0.1:9' });
    const scheduler = away.app.get(DigestScheduler);
    const first = scheduler.tick(new Date('2026-06-01T09:00:00Z'));
    expect(scheduler.tick(new Date('2026-06-01T09:00:00Z'))).toBe(first);
    await expect(first).resolves.toBeUndefined();
  });
});
