import { describe, expect, it } from 'vitest';
import type { RecapRequested } from '@meetings/contracts';
import { recapContent } from '../src/mail/recap-content.js';

// The recap mail's content, in both parts.

const XSS = `<img src=x onerror="alert('x')">&`;

function recap(overrides: Partial<RecapRequested> = {}): RecapRequested {
  return {
    meetingId: '8a7b0c5e-3f55-4f7e-9a59-2f0a2c1f6b11',
    title: `Sprint review ${XSS}`,
    date: '2026-03-29T13:00:00.000Z',
    timeZone: 'Europe/London',
    ownerEmail: 'ada@example.com',
    sentBy: 'ada@example.com',
    recipients: ['ada@example.com', 'bo@example.com'],
    agenda: [
      { text: 'Demo', completed: true },
      { text: `Retro ${XSS}`, completed: false },
    ],
    notes:
      '<h1>Decisions</h1><p>Ship <strong>Friday</strong>, see <a href="https://example.com/plan" target="_blank" rel="noopener noreferrer">the plan</a></p><script>alert(1)</script><p onclick="x()">Clean</p><img src="data:image/png;base64,iVBORw0KGgo=">',
    notesOmitted: false,
    actions: [
      {
        text: `Write the notes ${XSS}`,
        completed: false,
        assignee: 'bo@example.com',
        dueDate: '2026-04-02',
      },
      { text: 'Book the room', completed: true, assignee: null, dueDate: null },
    ],
    ...overrides,
  };
}

const settings = { productName: 'Acme Minutes', baseUrl: 'https://minutes.example' };
const url = 'https://minutes.example/app/meetings/8a7b0c5e-3f55-4f7e-9a59-2f0a2c1f6b11';

describe('the recap mail', () => {
  const mail = recapContent(recap(), settings);

  it('names the meeting and its date (the sender’s zone, summer time) in the subject, on one line', () => {
    expect(mail.subject).toBe(
      `Recap: Sprint review ${XSS} (Sunday 29/03/2026 14:00 (Europe/London))`,
    );
    expect(recapContent(recap({ title: 'A\r\nBcc: x@example.com' }), settings).subject).not.toMatch(
      /[\r\n]/,
    );
  });

  it('has the agenda with what was covered, the notes, the actions and the link as text', () => {
    expect(mail.text).toContain('ada@example.com sent the recap of "Sprint review');
    expect(mail.text).toContain('AGENDA (1 of 2 covered)');
    expect(mail.text).toContain('  [x] Demo\n');
    expect(mail.text).toContain(`  [ ] Retro ${XSS} (open)`);
    expect(mail.text).toContain('Decisions');
    expect(mail.text).toContain('Ship Friday, see the plan [https://example.com/plan]');
    expect(mail.text).toContain('Clean');
    expect(mail.text).not.toContain('<strong>');
    expect(mail.text).not.toContain('alert(1)');
    expect(mail.text).toContain(
      `  [ ] Write the notes ${XSS} (bo@example.com, due Thursday 02/04/2026, open)`,
    );
    expect(mail.text).toContain('  [x] Book the room (unassigned, no due date, done)');
    expect(mail.text).toContain(`Open the meeting: ${url}`);
    expect(mail.text.endsWith('— Acme Minutes')).toBe(true);
  });

  it('has the same in HTML, the notes sanitised and every other user text escaped', () => {
    expect(mail.html).toContain('<h1>Decisions</h1>');
    expect(mail.html).toContain(
      '<a href="https://example.com/plan" target="_blank" rel="noopener noreferrer">the plan</a>',
    );
    expect(mail.html).toContain('<p>Clean</p>');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('onclick');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#9745; Demo');
    expect(mail.html).toContain(
      '&#9744; Retro &lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;',
    );
    expect(mail.html).toContain('Sprint review &lt;img');
    expect(mail.html).toContain('(bo@example.com, due Thursday 02/04/2026, open)');
    expect(mail.html).toContain(`<a href="${url}">Open the meeting</a>`);
    expect(mail.html).toContain('— Acme Minutes');
  });

  it('says what is empty, and when the notes were too long to carry', () => {
    const empty = recapContent(recap({ agenda: [], notes: '', actions: [] }), settings);
    expect(empty.text).toContain('No agenda items for this meeting');
    expect(empty.text).toContain('No notes.');
    expect(empty.text).toContain('No actions for this meeting');
    expect(empty.html).toContain('No agenda items for this meeting');
    const long = recapContent(recap({ notes: '', notesOmitted: true }), settings);
    expect(long.text).toContain('The notes are too long for this e-mail');
    expect(long.html).toContain('The notes are too long for this e-mail');
  });
});
