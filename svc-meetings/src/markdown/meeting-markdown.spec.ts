import { describe, expect, it } from 'vitest';
import type { MeetingEntity } from '../store/entities.js';
import type { FullMeeting } from '../store/views.js';
import { meetingMarkdown, notesMarkdown } from './meeting-markdown.js';

const ID = '8a7b0c5e-3f55-4f7e-9a59-2f0a2c1f6b11';

function full(
  overrides: Partial<MeetingEntity> = {},
  items: Partial<FullMeeting> = {},
): FullMeeting {
  const meeting = {
    id: ID,
    ownerId: ID,
    ownerEmail: 'ada@example.com',
    title: 'Sprint *review* #12',
    date: new Date('2026-11-30T14:00:00Z'),
    notes: '',
    sharedWith: ['bo@example.com', 'cy@example.com'],
    sharedEditors: [],

    seriesId: ID,
    recurrence: null,
    durationMinutes: 30,
    timeZone: 'UTC',
    previousOccurrenceId: null,
    recapSentAt: null,
    notesState: null,
    version: 3,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  } satisfies MeetingEntity;
  return { meeting, agenda: [], actions: [], ...items };
}

describe('notes as Markdown', () => {
  it('converts the editor formats', () => {
    const html = [
      '<h1>Decisions</h1>',
      '<h2>Release</h2>',
      '<p>Ship <strong>Friday</strong>, <em>not</em> <s>Thursday</s>; see <a href="https://example.com/plan" target="_blank" rel="noopener noreferrer">the plan</a>.</p>',
      '<blockquote>Quality first</blockquote>',
      '<ol><li data-list="ordered">One</li><li data-list="ordered">Two</li></ol>',
      '<ol><li data-list="bullet">Apples</li><li data-list="bullet">Pears</li></ol>',
    ].join('');
    expect(notesMarkdown(html)).toBe(
      [
        '# Decisions',
        '',
        '## Release',
        '',
        'Ship **Friday**, *not* ~~Thursday~~; see [the plan](https://example.com/plan).',
        '',
        '> Quality first',
        '',
        '1.  One',
        '2.  Two',
        '',
        '-   Apples',
        '-   Pears',
      ].join('\n'),
    );
  });

  it('is empty for empty notes', () => {
    expect(notesMarkdown('')).toBe('');
  });
});

describe('a meeting as Markdown', () => {
  it('has the title, the date in the reader’s zone, the people, agenda, notes and actions', () => {
    const markdown = meetingMarkdown(
      full(
        { notes: '<p>Ship <strong>Friday</strong></p>' },
        {
          agenda: [
            { id: ID, meetingId: ID, text: 'Demo', completed: true, position: 1 },
            { id: ID, meetingId: ID, text: 'Retro [notes]', completed: false, position: 2 },
          ],
          actions: [
            {
              id: ID,
              meetingId: ID,
              text: 'Write the release notes #docs',
              completed: false,
              position: 1,
              hashtags: ['docs'],
              assignee: 'cy@example.com',
              dueDate: '2026-12-03',
            },
            {
              id: ID,
              meetingId: ID,
              text: 'Book the room',
              completed: true,
              position: 2,
              hashtags: [],
              assignee: null,
              dueDate: null,
            },
          ],
        },
      ),
      'Europe/London',
    );
    expect(markdown).toBe(
      [
        '# Sprint \\*review\\* #12',
        '',
        '- **Date:** Monday 30/11/2026 14:00 (Europe/London)',
        '- **Owner:** ada@example.com',
        '- **Shared with:** bo@example.com, cy@example.com',
        '',
        '## Agenda',
        '',
        '- [x] Demo',
        '- [ ] Retro \\[notes\\]',
        '',
        '## Notes',
        '',
        'Ship **Friday**',
        '',
        '## Actions',
        '',
        '- [ ] Write the release notes #docs (assignee: cy@example.com; due: Thursday 03/12/2026; status: open)',
        '- [x] Book the room (assignee: none; due: none; status: done)',
        '',
      ].join('\n'),
    );
  });

  it('says what is empty, and writes the date in another zone', () => {
    const markdown = meetingMarkdown(full({ sharedWith: [] }), 'America/New_York');
    expect(markdown).toContain('- **Date:** Monday 30/11/2026 09:00 (America/New_York)');
    expect(markdown).toContain('- **Shared with:** Not shared with anyone');
    expect(markdown).toContain('No agenda items for this meeting');
    expect(markdown).toContain('*No notes.*');
    expect(markdown).toContain('No actions for this meeting');
  });

  it('keeps a title that would start a heading or a list as text', () => {
    expect(meetingMarkdown(full({ title: '# Not a heading' }), 'UTC')).toMatch(
      /^# \\# Not a heading\n/,
    );
  });
});
