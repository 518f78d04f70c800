import { MeetingMessages, type Meeting } from '@meetings/contracts';
import { ItemRows } from '../../components/ItemRows.js';
import { Section } from '../../components/Section.js';
import { MeetingCopy } from '../../texts.js';
import type { MeetingPatch } from '../useMeetingLoad.js';
import { useMeetingActionStatus } from './useActionStatus.js';

/** Read-only variant: the actions can still be ticked. */
export function ReadOnlyActions({
  meeting,
  onChange,
}: {
  meeting: Pick<Meeting, '_id' | 'actions'>;
  onChange: (patch: MeetingPatch) => void;
}) {
  const setStatus = useMeetingActionStatus(meeting, onChange);
  return (
    <Section title={MeetingCopy.actionsHeading}>
      <ItemRows
        items={meeting.actions}
        label={MeetingCopy.actionsHeading}
        onToggle={(action, completed) => void setStatus(action, completed)}
        empty={MeetingMessages.noActions}
      />
    </Section>
  );
}
