import type { CapturedMail } from '@meetings/testing/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  signIn,
  startTestPlatform,
  type ApiClient,
  type TestPlatform,
} from './helpers.js';

// In the one-process mode: svc-meetings' assignment event reaches svc-auth's mail, and
// svc-auth's digest timer reaches svc-actions' internal routes, with everything wired by the host.

let t: TestPlatform;
let owner: ApiClient;
let bob: ApiClient;
const BOB = 'bob.mail@example.com';

/** A zone where it is now between 08:00 and 23:00, so the digest is due there whenever this runs. */
function zoneWhereTheDigestIsDue(now = new Date()): string {
  const offset = Math.max(-12, Math.min(14, 12 - now.getUTCHours()));
  // Etc/GMT names count the other way: Etc/GMT-3 is three hours ahead of UTC.
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

function decoded(mail: CapturedMail): string {
  return mail.raw.replace(/=\r\n/g, '').replace(/\r\n[ \t]+/g, ' ');
}

beforeAll(async () => {
  t = await startTestPlatform({
    env: { DIGEST_TICK_SECONDS: '1', PUBLIC_BASE_URL: 'https://minutes.example' },
  });
  owner = await signIn(t, 'owner.mail@example.com');
  bob = await signIn(t, BOB);
});

afterAll(async () => {
  await t?.close();
});

describe('mail in the embedded mode', () => {
  it('mails the assignee, sends the digest in their time zone, and unsubscribes in one click', async () => {
    const zone = zoneWhereTheDigestIsDue();
    expect((await bob.call('PUT', '/api/auth/time-zone', { timeZone: zone })).status).toBe(200);
    const created = await owner.call('POST', '/api/meetings/create', { title: 'Launch review' });
    expect(created.status, created.text).toBe(201);
    const meetingId = (created.json.meeting as { id: string }).id;
    const added = await owner.call('PUT', `/api/meetings/${meetingId}/add-action-item`, {
      text: 'Check the launch checklist',
      assignee: BOB,
      dueDate: new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date()),
    });
    expect(added.status, added.text).toBe(200);

    const toBob = () => t.smtp.messages.filter((m) => m.to.includes(BOB)).map(decoded);
    const assignment = await eventually(
      async () => toBob().find((m) => m.includes('Subject: New action for you')),
      20_000,
    );
    expect(assignment).toContain('Check the launch checklist');
    expect(assignment).toContain(`https://minutes.example/app/meetings/${meetingId}`);

    const digest = await eventually(
      async () => toBob().find((m) => m.includes('List-Unsubscribe-Post')),
      30_000,
    );
    expect(digest).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(digest).toContain('Launch review');
    const link =
      /List-Unsubscribe: <https:\/\/minutes\.example(\/api\/auth\/unsubscribe\?token=[\w.-]+)>/.exec(
        digest,
      )?.[1];
    expect(link).toBeDefined();

    // A mail provider's one-click POST: another site, a form body, no session.
    const response = await fetch(`${t.platform.url}${link}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect((await bob.call('GET', '/api/auth/mail-settings')).json).toEqual({ dailyDigest: false });
    // One digest for the day, however many passes ran meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(toBob().filter((m) => m.includes('List-Unsubscribe-Post'))).toHaveLength(1);
    // The mailbox hands a sign-in its code, not the mails that came before it.
    expect((await (await signIn(t, BOB)).call('GET', '/api/auth/status')).status).toBe(200);
  });

  it('mails an address the meeting is newly shared with', async () => {
    const CAROL = 'carol.mail@example.com';
    const created = await owner.call('POST', '/api/meetings/create', { title: 'Weekly status' });
    expect(created.status, created.text).toBe(201);
    const meetingId = (created.json.meeting as { id: string }).id;
    const shared = await owner.call('PUT', `/api/meetings/${meetingId}/add-shared-user`, {
      email: CAROL,
    });
    expect(shared.status, shared.text).toBe(200);
    const invitation = await eventually(
      async () => t.smtp.messages.filter((m) => m.to.includes(CAROL)).map(decoded)[0],
      20_000,
    );
    expect(invitation).toContain('owner.mail@example.com shared the meeting');
    expect(invitation).toContain('Weekly status');
    expect(invitation).toContain(`https://minutes.example/app/meetings/${meetingId}`);
  });

  it('mails the recap to the owner and everyone on the shared list, once per 10 minutes', async () => {
    const DAN = 'dan.recap@example.com';
    const created = await owner.call('POST', '/api/meetings/create', { title: 'Sprint review' });
    expect(created.status, created.text).toBe(201);
    const meetingId = (created.json.meeting as { id: string }).id;
    const steps: [string, string, object][] = [
      ['PUT', `/api/meetings/${meetingId}/add-shared-user`, { email: DAN }],
      ['PUT', `/api/meetings/${meetingId}/add-agenda-item`, { text: 'Demo of the export' }],
      [
        'PUT',
        `/api/meetings/${meetingId}/update-notes`,
        { notes: '<p>Ship on <strong>Friday</strong></p>' },
      ],
      [
        'PUT',
        `/api/meetings/${meetingId}/add-action-item`,
        { text: 'Tag the release', assignee: DAN, dueDate: '2026-12-03' },
      ],
    ];
    for (const [method, path, body] of steps) {
      const response = await owner.call(method, path, body);
      expect(response.status, response.text).toBe(200);
    }
    const sent = await owner.call('POST', `/api/meetings/${meetingId}/send-recap`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toEqual({ sent: 2 });
    const recapTo = (to: string) =>
      t.smtp.messages
        .filter((m) => m.to.includes(to))
        .map(decoded)
        .filter((m) => m.includes('Subject: Recap: Sprint review'));
    for (const to of ['owner.mail@example.com', DAN]) {
      const mail = await eventually(async () => recapTo(to)[0], 20_000);
      expect(mail).toContain('[ ] Demo of the export (open)');
      expect(mail).toContain('Ship on Friday');
      expect(mail).toContain('<strong>Friday</strong>');
      expect(mail).toContain(`Tag the release (${DAN}, due Thursday 03/12/2026, open)`);
      expect(mail).toContain(`https://minutes.example/app/meetings/${meetingId}`);
    }
    const again = await owner.call('POST', `/api/meetings/${meetingId}/send-recap`);
    expect(again.status).toBe(429);
    expect(again.json.error).toBe(
      'A recap of this meeting was sent less than 10 minutes ago. Please wait before sending another.',
    );
    // Nobody got a second one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(recapTo(DAN)).toHaveLength(1);
  });
});
