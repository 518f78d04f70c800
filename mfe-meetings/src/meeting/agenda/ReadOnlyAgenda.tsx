import { EmptyListText } from '../../components/EmptyListText.js';
import { MeetingMessages, type AgendaItem } from '@meetings/contracts';
import { ItemRows } from '../../components/ItemRows.js';
import { Section } from '../../components/Section.js';
import { MeetingCopy } from '../../texts.js';

/** The agenda as disabled checkboxes, for the read-only variant. */
export function ReadOnlyAgenda({ agenda }: { agenda: readonly AgendaItem[] }) {
  return (
    <Section title={MeetingCopy.agendaHeading}>
      {agenda.length ? (
        <ItemRows items={agenda} label={MeetingCopy.agendaHeading} />
      ) : (
        <EmptyListText>{MeetingMessages.noAgendaItems}</EmptyListText>
      )}
    </Section>
  );
}
