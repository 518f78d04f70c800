import { randomUUID } from 'node:crypto';
import {
  Subjects,
  type ActionAssigned,
  type MeetingShared,
  type RecapRequested,
} from '@meetings/contracts';
import type { RunningService } from '@meetings/service-kit';
import { createTestRuntime, type TestRuntime } from '@meetings/service-kit/testing';
import { eventually, startTestSmtp } from '@meetings/testing/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEnv } from '../src/config.js';
import {
  ASSIGNMENT_MAIL_CONSUMER,
  INVITATION_MAIL_CONSUMER,
  RECAP_MAIL_CONSUMER,
} from '../src/mail/event-mail.controller.js';
import { UnsubscribeTokens } from '../src/mail/unsubscribe-tokens.service.js';
import { htmlPart, readMail, startAuth, subjectOf, textPart } from './mail-support.js';

// The assignee of an action is mailed; the digest's unsubscribe link and the setting.

let runtime: TestRuntime;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let auth: RunningService<AuthEnv>;

beforeAll(async () => {
  runtime = await createTestRuntime();
  smtp = await startTestSmtp();
  auth = await startAuth(runtime, {
    SMTP_URL: smtp.url,
    PRODUCT_NAME: 'Acme Minutes',
    OTP_EMAIL_PER_MINUTE: '100',
    OTP_EMAIL_PER_HOUR: '100',
  });
});

afterAll(async () => {
  await auth?.close();
  await smtp?.close();
  await runtime?.cleanup();
});

function assignment(overrides: Partial<ActionAssigned> = {}) {
  const data: ActionAssigned = {
    meetingId: randomUUID(),
    meetingTitle: 'Quarterly <script>alert(1)</script> review',
    actionId: randomUUID(),
    text: 'Prepare the budget & the <b>forecast</b>',
    assignee: `bo-${randomUUID().slice(0, 6)}@example.com`,
    assignedBy: 'ada@example.com',
    ...overrides,
  };
  return {
    id: randomUUID(),
    subject: Subjects.ActionAssigned,
    occurredAt: new Date().toISOString(),
    data,
  };
}

function sharing(overrides: Partial<MeetingShared> = {}) {
  const data: MeetingShared = {
    meetingId: randomUUID(),
    meetingTitle: 'Weekly <script>alert(1)</script> status & plans',
    ownerEmail: 'ada@example.com',
    sharedWith: `cy-${randomUUID().slice(0, 6)}@example.com`,
    ...overrides,
  };
  return {
    id: randomUUID(),
    subject: Subjects.MeetingShared,
    occurredAt: new Date().toISOString(),
    data,
  };
}

async function publish(event: { id: string; subject: string }, messageId = event.id) {
  await auth.bus.publish({ id: messageId, subject: event.subject, body: event });
}

async function mailed(eventId: string, consumer = ASSIGNMENT_MAIL_CONSUMER): Promise<boolean> {
  const rows = (await auth.dataSource.query(
    `SELECT 1 FROM processed_event WHERE consumer = $1 AND event_id = $2`,
    [consumer, eventId],
  )) as unknown[];
  return rows.length > 0;
}

describe('the assignment mail', () => {
  it('reaches the assignee with the action text and a link to the meeting', async () => {
    const event = assignment();
    await publish(event);
    const mail = await eventually(async () =>
      smtp.messages.find((m) => m.to.includes(event.data.assignee)),
    );
    const { headers } = readMail(mail);
    const html = htmlPart(mail);
    expect(headers).toContain(
      'Subject: New action for you: Prepare the budget & the <b>forecast</b>',
    );
    expect(headers).toMatch(/From: Acme Minutes <no-reply@meetingkeeper.local>/);
    const url = `https://minutes.example/app/meetings/${event.data.meetingId}`;
    expect(textPart(mail)).toContain(`Open the meeting: ${url}`);
    expect(textPart(mail)).toContain('Prepare the budget & the <b>forecast</b>');
    expect(html).toContain(`<a href="${url}">Open the meeting</a>`);
    // The HTML part shows user text as text.
    expect(html).toContain('Quarterly &lt;script&gt;alert(1)&lt;/script&gt; review');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Prepare the budget &amp; the &lt;b&gt;forecast&lt;/b&gt;');
    expect(headers).not.toMatch(/List-Unsubscribe/i);
  });

  it('is sent once when the event comes again', async () => {
    const event = assignment();
    await publish(event);
    await eventually(() => mailed(event.id));
    // A redelivery under another message id, then a marker event behind it.
    await publish(event, randomUUID());
    const marker = assignment();
    await publish(marker);
    await eventually(() => mailed(marker.id));
    await eventually(async () => smtp.messages.some((m) => m.to.includes(marker.data.assignee)));
    expect(smtp.messages.filter((m) => m.to.includes(event.data.assignee))).toHaveLength(1);
  });
});

describe('the invitation mail', () => {
  it('reaches the new address with the title, the owner and a link to the meeting', async () => {
    const event = sharing();
    await publish(event);
    const mail = await eventually(async () =>
      smtp.messages.find((m) => m.to.includes(event.data.sharedWith)),
    );
    const { headers } = readMail(mail);
    const html = htmlPart(mail);
    const text = textPart(mail);
    expect(subjectOf(mail)).toBe(
      'ada@example.com shared "Weekly <script>alert(1)</script> status & plans" with you',
    );
    expect(headers).toMatch(/From: Acme Minutes <no-reply@meetingkeeper.local>/);
    const url = `https://minutes.example/app/meetings/${event.data.meetingId}`;
    expect(text).toContain('ada@example.com shared the meeting');
    expect(text).toContain('Weekly <script>alert(1)</script> status & plans');
    expect(text).toContain(`Open the meeting: ${url}`);
    expect(html).toContain(`<a href="${url}">Open the meeting</a>`);
    expect(html).toContain('ada@example.com shared the meeting');
    expect(html).toContain('Weekly &lt;script&gt;alert(1)&lt;/script&gt; status &amp; plans');
    expect(html).not.toContain('<script>');
  });

  it('is sent once when the event comes again', async () => {
    const event = sharing();
    await publish(event);
    await eventually(() => mailed(event.id, INVITATION_MAIL_CONSUMER));
    await publish(event, randomUUID());
    const marker = sharing();
    await publish(marker);
    await eventually(() => mailed(marker.id, INVITATION_MAIL_CONSUMER));
    await eventually(async () => smtp.messages.some((m) => m.to.includes(marker.data.sharedWith)));
    expect(smtp.messages.filter((m) => m.to.includes(event.data.sharedWith))).toHaveLength(1);
  });
});

function recapOf(overrides: Partial<RecapRequested> = {}) {
  const tag = randomUUID().slice(0, 6);
  const data: RecapRequested = {
    meetingId: randomUUID(),
    title: 'Sprint <script>alert(1)</script> review',
    date: '2026-11-30T14:00:00.000Z',
    timeZone: 'Europe/London',
    ownerEmail: `ada-${tag}@example.com`,
    sentBy: `ada-${tag}@example.com`,
    recipients: [`ada-${tag}@example.com`, `bo-${tag}@example.com`],
    agenda: [
      { text: 'Demo', completed: true },
      { text: 'Retro', completed: false },
    ],
    notes: '<p>Ship <strong>Friday</strong></p><script>alert(2)</script>',
    notesOmitted: false,
    actions: [
      {
        text: 'Write the notes',
        completed: false,
        assignee: `bo-${tag}@example.com`,
        dueDate: '2026-12-03',
      },
    ],
    ...overrides,
  };
  return {
    id: randomUUID(),
    subject: Subjects.RecapRequested,
    occurredAt: new Date().toISOString(),
    data,
  };
}

describe('the recap mail', () => {
  it('reaches every recipient with the agenda, the notes in both parts, the actions and a link', async () => {
    const event = recapOf();
    await publish(event);
    const [ada, bo] = event.data.recipients as [string, string];
    const mails = await eventually(async () => {
      const found = [ada, bo].map((to) => smtp.messages.find((m) => m.to.includes(to)));
      return found.every(Boolean) ? found : undefined;
    });
    for (const mail of mails) {
      expect(mail!.to).toHaveLength(1);
      const { headers } = readMail(mail!);
      const html = htmlPart(mail!);
      const text = textPart(mail!);
      expect(subjectOf(mail!)).toBe(
        'Recap: Sprint <script>alert(1)</script> review (Monday 30/11/2026 14:00 (Europe/London))',
      );
      expect(headers).toMatch(/From: Acme Minutes <no-reply@meetingkeeper.local>/);
      const url = `https://minutes.example/app/meetings/${event.data.meetingId}`;
      expect(text).toContain('AGENDA (1 of 2 covered)');
      expect(text).toContain('[x] Demo');
      expect(text).toContain('[ ] Retro (open)');
      expect(text).toContain('Ship Friday');
      expect(text).toContain(`[ ] Write the notes (${bo}, due Thursday 03/12/2026, open)`);
      expect(text).toContain(`Open the meeting: ${url}`);
      expect(html).toContain('<p>Ship <strong>Friday</strong></p>');
      expect(html).toContain('Sprint &lt;script&gt;alert(1)&lt;/script&gt; review');
      expect(html).not.toContain('<script>');
      expect(html).toContain(`<a href="${url}">Open the meeting</a>`);
    }
  });

  it('mails each recipient once when the event comes again, even after a partial send', async () => {
    const event = recapOf();
    const [ada, bo] = event.data.recipients as [string, string];
    // As if the first delivery mailed ada and then failed before bo.
    await auth.dataSource.query(
      `INSERT INTO processed_event (consumer, event_id) VALUES ($1, $2)`,
      [`${RECAP_MAIL_CONSUMER}:${ada}`, event.id],
    );
    await publish(event);
    await eventually(() => mailed(event.id, `${RECAP_MAIL_CONSUMER}:${bo}`));
    await publish(event, randomUUID());
    const marker = recapOf();
    await publish(marker);
    const lastOfMarker = marker.data.recipients.at(-1)!;
    await eventually(() => mailed(marker.id, `${RECAP_MAIL_CONSUMER}:${lastOfMarker}`));
    await eventually(async () => smtp.messages.some((m) => m.to.includes(lastOfMarker)));
    expect(smtp.messages.filter((m) => m.to.includes(ada))).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.to.includes(bo))).toHaveLength(1);
  });
});

async function signIn(email: string): Promise<string> {
  const post = (url: string, payload: object) =>
    auth.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json' },
    });
  expect((await post('/api/auth/request-otp', { email })).statusCode).toBe(200);
  const code = await smtp.nextCode(email);
  const verified = await post('/api/auth/validate-otp', { email, code });
  const resolved = await post('/internal/sessions/resolve', {
    token: verified.json<{ token: string }>().token,
  });
  return resolved.json<{ internalToken: string }>().internalToken;
}

describe('mail settings and the unsubscribe link', () => {
  let token: string;
  const email = `reader-${randomUUID().slice(0, 6)}@example.com`;
  const settings = (method: 'GET' | 'PUT', payload?: object) =>
    auth.app.inject({
      method,
      url: '/api/auth/mail-settings',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    token = await signIn(email);
  });

  it('has the digest on until it is turned off, and back on', async () => {
    expect((await settings('GET')).json()).toEqual({ dailyDigest: true });
    const off = await settings('PUT', { dailyDigest: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ dailyDigest: false });
    expect((await settings('GET')).json()).toEqual({ dailyDigest: false });
    await settings('PUT', { dailyDigest: true });
    expect((await settings('GET')).json()).toEqual({ dailyDigest: true });
  });

  it('refuses a bad setting with 400 and changes nothing', async () => {
    for (const payload of [{ dailyDigest: 'no' }, {}, { dailyDigest: false, extra: 1 }]) {
      const response = await settings('PUT', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await settings('GET')).json()).toEqual({ dailyDigest: true });
  });

  it('needs a session', async () => {
    const response = await auth.app.inject({ method: 'GET', url: '/api/auth/mail-settings' });
    expect(response.statusCode).toBe(401);
  });

  it('unsubscribes with one click (RFC 8058) from a valid link, without a session', async () => {
    const link = auth.app.get(UnsubscribeTokens).sign(email);
    const page = await auth.app.inject({
      method: 'GET',
      url: `/api/auth/unsubscribe?token=${link}`,
    });
    // Opening the link (as a mail scanner may) only asks.
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect((await settings('GET')).json()).toEqual({ dailyDigest: true });

    const click = await auth.app.inject({
      method: 'POST',
      url: `/api/auth/unsubscribe?token=${link}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(click.body).toContain('You are unsubscribed');
    expect((await settings('GET')).json()).toEqual({ dailyDigest: false });

    // The page's button posts the same form; multipart as some mail clients send it works too.
    const again = await auth.app.inject({
      method: 'POST',
      url: `/api/auth/unsubscribe?token=${link}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode).toBe(200);
    await settings('PUT', { dailyDigest: true });
  });

  it('refuses a bad or forged token with 400 and changes nothing', async () => {
    const good = auth.app.get(UnsubscribeTokens).sign(email);
    const forged = `${Buffer.from(email).toString('base64url')}.${'A'.repeat(43)}`;
    const otherAddress = `${Buffer.from('someone@example.com').toString('base64url')}.${good.split('.')[1]}`;
    for (const bad of ['', 'nonsense', forged, otherAddress, `${good}x`, good.slice(0, -1)]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await auth.app.inject({
          method,
          url: `/api/auth/unsubscribe?token=${encodeURIComponent(bad)}`,
          ...(method === 'POST'
            ? {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: 'List-Unsubscribe=One-Click',
              }
            : {}),
        });
        expect(response.statusCode, `${method} ${bad}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          error: expect.stringContaining('This unsubscribe link is not valid'),
        });
      }
    }
    const none = await auth.app.inject({ method: 'POST', url: '/api/auth/unsubscribe' });
    expect(none.statusCode).toBe(400);
    expect((await settings('GET')).json()).toEqual({ dailyDigest: true });
    const rows = (await auth.dataSource.query(
      `SELECT email FROM mail_setting WHERE email = 'someone@example.com'`,
    )) as unknown[];
    expect(rows).toEqual([]);
  });
});
