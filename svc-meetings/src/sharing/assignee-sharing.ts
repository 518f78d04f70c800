import { MAX_SHARED_WITH, MeetingErrorCode } from '@meetings/contracts';
import { meetingError } from '../errors.js';

/**
 * The shared list once each of `assignees` can see the meeting: an assignee must be able to see
 * what they owe, so one who is neither the owner nor on the list joins it. Assignees and the list
 * are lower-cased already; a list that would grow past its limit is refused.
 */
export function sharedWithAssignees(
  sharedWith: readonly string[],
  ownerEmail: string,
  assignees: readonly (string | null | undefined)[],
): string[] {
  const owner = ownerEmail.toLowerCase();
  const shared = [...sharedWith];
  for (const assignee of assignees)
    if (assignee && assignee !== owner && !shared.includes(assignee)) shared.push(assignee);
  if (shared.length > MAX_SHARED_WITH && shared.length > sharedWith.length)
    throw meetingError(MeetingErrorCode.TooManyItems);
  return shared;
}
