import { describe, expect, it } from 'vitest';
import { avatarStack, initials } from './avatars.js';
import { copyActionsText } from './copy-actions.js';
import { mergeById, reorderItems, sortByOrder } from './items.js';
import { recapRecipients } from './recap.js';
import { canCreateMeetings, daysRemaining, isTrialExpired } from './subscription.js';

describe('ordering', () => {
  it('sorts by order with a missing order counting as 0', () => {
    const items = [
      { id: 'a', order: 2 },
      { id: 'b' },
      { id: 'c', order: 1 },
      { id: 'd', order: null },
    ];
    expect(sortByOrder(items).map((i) => i.id)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('moves a dropped item to the target position and renumbers 1..n', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    expect(reorderItems(items, 'd', 'b')).toEqual([
      { id: 'a', order: 1 },
      { id: 'd', order: 2 },
      { id: 'b', order: 3 },
      { id: 'c', order: 4 },
    ]);
    expect(reorderItems(items, 'a', 'c')?.map((i) => i.id)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('does nothing for a drop on itself or outside the list', () => {
    const items = [{ id: 'a' }, { id: 'b' }];
    expect(reorderItems(items, 'a', 'a')).toBeNull();
    expect(reorderItems(items, 'a', null)).toBeNull();
    expect(reorderItems(items, 'a', 'zzz')).toBeNull();
  });

  it('de-duplicates loaded pages by id', () => {
    expect(
      mergeById([{ id: '1' }, { id: '2' }], [{ id: '2' }, { id: '3' }]).map((i) => i.id),
    ).toEqual(['1', '2', '3']);
  });
});

describe('avatars', () => {
  it('takes two letters of the local part, or UN', () => {
    expect(initials('jane.doe@example.com')).toBe('JA');
    expect(initials('')).toBe('UN');
    expect(initials(undefined)).toBe('UN');
  });

  it('shows the owner, up to 4 distinct others, and counts the rest', () => {
    const stack = avatarStack({ email: 'owner@x.com' }, [
      'a@x.com',
      'B@x.com',
      'b@x.com',
      'owner@x.com',
      'c@x.com',
      'd@x.com',
      'e@x.com',
      'f@x.com',
    ]);
    expect(stack).toEqual({
      owner: 'owner@x.com',
      shared: ['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com'],
      more: 2,
    });
    expect(avatarStack(null, []).owner).toBe('unknown@unknown.com');
  });
});

describe('copy actions', () => {
  it('writes a header, a line, and one bullet per action in order, hashtags removed, completed in tildes', () => {
    const text = copyActionsText({ title: 'Weekly sync', date: new Date(2026, 2, 9, 10) }, [
      { text: 'Second #ops', completed: true, order: 2 },
      { text: 'First #client-a task', completed: false, order: 1 },
    ]);
    expect(text).toBe(
      ['Weekly sync - 09/03/2026', '------------------------', '• First task', '• ~~Second~~'].join(
        '\n',
      ),
    );
  });
});

describe('copying actions with assignee and due date', () => {
  it('puts them in brackets after the text, each only when set', () => {
    const text = copyActionsText({ title: 'Weekly sync', date: new Date(2026, 2, 9, 10) }, [
      {
        text: 'Both',
        completed: false,
        order: 1,
        assignee: 'bob@example.com',
        dueDate: '2026-03-12',
      },
      { text: 'Who', completed: true, order: 2, assignee: 'amy@example.com', dueDate: null },
      { text: 'When', completed: false, order: 3, assignee: null, dueDate: '2026-03-13' },
      { text: 'Neither', completed: false, order: 4, assignee: null, dueDate: null },
    ]);
    expect(text.split('\n').slice(2)).toEqual([
      '• Both (bob@example.com, due Thursday 12/03/2026)',
      '• ~~Who~~ (amy@example.com)',
      '• When (due Friday 13/03/2026)',
      '• Neither',
    ]);
  });
});

describe('subscription rules', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('counts whole days remaining, never below 0', () => {
    expect(daysRemaining('2026-01-11T12:00:00Z', now)).toBe(1);
    expect(daysRemaining('2026-01-11T12:00:01Z', now)).toBe(2);
    expect(daysRemaining('2026-01-01T00:00:00Z', now)).toBe(0);
  });

  it('treats a trial with 0 days or less as expired and not allowed to create', () => {
    expect(isTrialExpired({ status: 'trial', daysRemaining: 0 })).toBe(true);
    expect(canCreateMeetings({ status: 'trial', daysRemaining: 0 })).toBe(false);
    expect(canCreateMeetings({ status: 'trial', daysRemaining: 3 })).toBe(true);
    expect(canCreateMeetings({ status: 'paid', daysRemaining: 0 })).toBe(true);
    expect(canCreateMeetings({ status: 'free', daysRemaining: 9 })).toBe(false);
  });
});

describe('recap recipients', () => {
  it('are the owner first, then the shared list, each address once whatever its case', () => {
    expect(
      recapRecipients('Ann@Example.com', ['bob@example.com', 'ann@example.com', 'BOB@example.com']),
    ).toEqual(['ann@example.com', 'bob@example.com']);
  });
});
