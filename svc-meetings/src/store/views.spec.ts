import { describe, expect, it } from 'vitest';
import type { ActionFields, MeetingHead } from './entities.js';
import { meetingSnapshot } from './views.js';

const MEETING = '9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f';
const OWNER = '1c9d6f0a-3b2e-4d5c-8a7b-6e5f4d3c2b1a';
const ACTION = '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716';

describe('the meeting snapshot', () => {
  it('shows each action as the API does, without `_id`, in the same key order', () => {
    const meeting = {
      id: MEETING,
      version: 3,
      title: 'Retro',
      date: new Date('2026-07-01T09:00:00.000Z'),
      ownerId: OWNER,
      ownerEmail: 'owner@x.co',
      sharedWith: ['ed@x.co'],
      seriesId: MEETING,
    } as MeetingHead;
    const action: ActionFields = {
      id: ACTION,
      meetingId: MEETING,
      text: 'Ship #v2',
      completed: false,
      position: 2,
      hashtags: ['v2'],
      assignee: 'ed@x.co',
      dueDate: '2026-07-04',
    };
    expect(JSON.stringify(meetingSnapshot(meeting, [action]))).toBe(
      JSON.stringify({
        id: MEETING,
        version: 3,
        title: 'Retro',
        date: '2026-07-01T09:00:00.000Z',
        ownerId: OWNER,
        ownerEmail: 'owner@x.co',
        sharedWith: ['ed@x.co'],
        seriesId: MEETING,
        actions: [
          {
            id: ACTION,
            text: 'Ship #v2',
            completed: false,
            order: 2,
            hashtags: ['v2'],
            assignee: 'ed@x.co',
            dueDate: '2026-07-04',
          },
        ],
      }),
    );
  });
});
