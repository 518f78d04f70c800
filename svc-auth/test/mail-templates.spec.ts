import { describe, expect, it } from 'vitest';
import { digestDay } from '../src/digest/digest-clock.js';
import {
  assignmentMail,
  digestMail,
  escapeHtml,
  invitationMail,
  oneLine,
} from '../src/mail/templates.js';

const XSS = `<img src=x onerror="alert('x')">&`;

describe('assignment mail', () => {
  const mail = assignmentMail({
    productName: 'Acme Minutes',
    baseUrl: 'https://minutes.example',
    meetingId: '8a7b0c5e-3f55-4f7e-9a59-2f0a2c1f6b11',
    meetingTitle: `Board ${XSS}`,
    text: `Send the\r\nBcc: evil@example.com ${XSS}`,
    assignedBy: 'ada@example.com',
  });

  it('has the action text in the subject, on one line', () => {
    expect(mail.subject).toBe(`New action for you: Send the Bcc: evil@example.com ${XSS}`);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('links to the meeting in both parts', () => {
    const url = 'https://minutes.example/app/meetings/8a7b0c5e-3f55-4f7e-9a59-2f0a2c1f6b11';
    expect(mail.text).toContain(`Open the meeting: ${url}`);
    expect(mail.html).toContain(`<a href="${url}">Open the meeting</a>`);
    expect(mail.text).toContain('ada@example.com assigned you an action');
    expect(mail.text).toContain('— Acme Minutes');
  });

  it('escapes every user text in the HTML part', () => {
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
    expect(mail.html).toContain('Board &lt;img');
  });
});

describe('invitation mail', () => {
  const mail = invitationMail({
    productName: 'Acme Minutes',
    baseUrl: 'https://minutes.example',
    meetingId: '8a7b0c5e-3f55-4f7e-9a59-2f0a2c1f6b11',
    meetingTitle: `Weekly\r\nBcc: evil@example.com ${XSS}`,
    ownerEmail: 'ada@example.com',
  });

  it('names the owner and the title in the subject, on one line', () => {
    expect(mail.subject).toBe(
      `ada@example.com shared "Weekly Bcc: evil@example.com ${XSS}" with you`,
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('links to the meeting in both parts and names the owner', () => {
    const url = 'https://minutes.example/app/meetings/8a7b0c5e-3f55-4f7e-9a59-2f0a2c1f6b11';
    expect(mail.text).toContain(`Open the meeting: ${url}`);
    expect(mail.html).toContain(`<a href="${url}">Open the meeting</a>`);
    expect(mail.text).toContain('ada@example.com shared the meeting "Weekly Bcc: evil@example.com');
    expect(mail.html).toContain('ada@example.com shared the meeting <strong>');
    expect(mail.text).toContain('— Acme Minutes');
  });

  it('escapes the title in the HTML part', () => {
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
  });
});

describe('digest mail', () => {
  const mail = digestMail({
    productName: 'MeetingKeeper',
    baseUrl: 'https://mk.example',
    today: '2026-03-10',
    meetings: [
      {
        id: 'm1',
        title: `Planning ${XSS}`,
        actions: [
          { text: 'Late one', dueDate: '2026-03-09' },
          { text: `Today's ${XSS}`, dueDate: '2026-03-10' },
        ],
      },
      { id: 'm2', title: 'Retro', actions: [{ text: 'Later', dueDate: '2026-03-16' }] },
    ],
    unsubscribeUrl: 'https://mk.example/api/auth/unsubscribe?token=abc.def',
    settingsUrl: 'https://mk.example/app/settings',
  });

  it('counts the actions and the overdue ones in the subject', () => {
    expect(mail.subject).toBe('MeetingKeeper: 3 open actions due (1 overdue)');
  });

  it('groups by meeting, each with a link, and says which are overdue or due today', () => {
    expect(mail.text).toContain(`Planning ${XSS} — https://mk.example/app/meetings/m1`);
    expect(mail.text).toContain('  - Late one (overdue, was due Monday 09/03/2026)');
    expect(mail.text).toContain(`  - Today's ${XSS} (due today, Tuesday 10/03/2026)`);
    expect(mail.text).toContain('Retro — https://mk.example/app/meetings/m2');
    expect(mail.text).toContain('  - Later (due Monday 16/03/2026)');
    expect(mail.text.indexOf('Planning')).toBeLessThan(mail.text.indexOf('Retro'));
    expect(mail.html).toContain('<a href="https://mk.example/app/meetings/m2">Retro</a>');
  });

  it('has the unsubscribe link and the settings in both parts, and escapes user text', () => {
    expect(mail.text).toContain(
      'Stop these e-mails: https://mk.example/api/auth/unsubscribe?token=abc.def',
    );
    expect(mail.html).toContain(
      '<a href="https://mk.example/api/auth/unsubscribe?token=abc.def">Unsubscribe from the daily digest</a>',
    );
    expect(mail.html).toContain('https://mk.example/app/settings');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Today&#39;s &lt;img');
  });

  it('speaks of one action in the singular', () => {
    const one = digestMail({
      productName: 'MK',
      baseUrl: 'https://mk.example',
      today: '2026-03-10',
      meetings: [{ id: 'm', title: 'T', actions: [{ text: 'A', dueDate: '2026-03-12' }] }],
      unsubscribeUrl: 'https://mk.example/u',
      settingsUrl: 'https://mk.example/s',
    });
    expect(one.subject).toBe('MK: 1 open action due');
  });
});

describe('text helpers', () => {
  it('escape and flatten', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    expect(oneLine('a\r\n\tb   c', 120)).toBe('a b c');
    expect(oneLine('x'.repeat(10), 5)).toBe('xxxx…');
  });
});

describe('the digest goes out from 08:00 local time, that local day only', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    // zone, instant, the day whose digest is due (null: not yet)
    ['UTC', '2026-06-01T07:59:59Z', null],
    ['UTC', '2026-06-01T08:00:00Z', '2026-06-01'],
    ['UTC', '2026-06-01T23:59:00Z', '2026-06-01'],
    ['Europe/Paris', '2026-06-01T05:59:00Z', null],
    ['Europe/Paris', '2026-06-01T06:00:00Z', '2026-06-01'],
    ['America/Los_Angeles', '2026-06-01T14:59:00Z', null],
    ['America/Los_Angeles', '2026-06-01T15:00:00Z', '2026-06-01'],
    // Already the next day in Auckland (UTC+12 in June).
    ['Pacific/Auckland', '2026-06-01T19:59:00Z', null],
    ['Pacific/Auckland', '2026-06-01T20:00:00Z', '2026-06-02'],
    ['Pacific/Auckland', '2026-06-01T11:00:00Z', '2026-06-01'],
    ['Asia/Kolkata', '2026-06-01T02:29:00Z', null],
    ['Asia/Kolkata', '2026-06-01T02:30:00Z', '2026-06-01'],
    ['Asia/Kathmandu', '2026-06-01T02:15:00Z', '2026-06-01'],
    // London's clocks go forward at 01:00 UTC on 29 March 2026: 08:00 BST is 07:00 UTC.
    ['Europe/London', '2026-03-29T06:59:00Z', null],
    ['Europe/London', '2026-03-29T07:00:00Z', '2026-03-29'],
    // …and back at 01:00 UTC on 25 October 2026: 08:00 GMT is 08:00 UTC.
    ['Europe/London', '2026-10-25T07:59:00Z', null],
    ['Europe/London', '2026-10-25T08:00:00Z', '2026-10-25'],
    // New York springs forward on 8 March 2026 (08:00 EDT = 12:00 UTC, not 13:00).
    ['America/New_York', '2026-03-08T11:59:00Z', null],
    ['America/New_York', '2026-03-08T12:00:00Z', '2026-03-08'],
    ['America/New_York', '2026-03-07T12:30:00Z', null],
  ])('%s at %s: %s', (zone, instant, expected) => {
    expect(digestDay(zone, at(instant))).toBe(expected);
  });

  it('reads the local wall clock across midnight', () => {
    // 00:30 on 2 June in Auckland: already the next day, not yet its digest hour.
    expect(digestDay('Pacific/Auckland', at('2026-06-01T12:30:00Z'))).toBeNull();
    // 23:30 on 31 May in Los Angeles: still the day before, its digest still due.
    expect(digestDay('America/Los_Angeles', at('2026-06-01T06:30:00Z'))).toBe('2026-05-31');
  });
});
