import { MAX_SHARED_WITH, MeetingErrorCode } from '@meetings/contracts';
import { describe, expect, it } from 'vitest';
import { sharedWithAssignees } from '../src/sharing/assignee-sharing.js';

describe('the shared list assignees need', () => {
  it('adds each assignee who is neither the owner nor on it, once, in order', () => {
    expect(
      sharedWithAssignees(['b@x.co'], 'Owner@X.co', [
        'c@x.co',
        null,
        'owner@x.co',
        'b@x.co',
        undefined,
        'c@x.co',
        'a@x.co',
      ]),
    ).toEqual(['b@x.co', 'c@x.co', 'a@x.co']);
  });

  it('refuses to grow past its limit, but takes a full list that gains nobody', () => {
    const full = Array.from({ length: MAX_SHARED_WITH }, (_, i) => `p${i}@x.co`);
    expect(sharedWithAssignees(full, 'o@x.co', ['p1@x.co', 'o@x.co'])).toEqual(full);
    expect(() => sharedWithAssignees(full, 'o@x.co', ['new@x.co'])).toThrow(
      expect.objectContaining({ code: MeetingErrorCode.TooManyItems }),
    );
  });
});
