import {
  MeetingMessages,
  MeetingTexts,
  SuccessToasts,
  type AgendaItem,
  type Meeting,
} from '@meetings/contracts';
import { useToast } from '@meetings/shell-context';
import { useMeetingsApi } from '../../api.js';
import { EditableItemList } from '../../components/EditableItemList.js';
import { Section } from '../../components/Section.js';
import { MeetingCopy, ReorderCopy } from '../../texts.js';
import { savedFields, useItemChanges } from '../optimistic.js';
import type { MeetingPatch } from '../useMeetingLoad.js';

const LABELS = {
  list: MeetingCopy.agendaHeading,
  addPlaceholder: MeetingTexts.addAgendaItemPlaceholder,
  add: MeetingCopy.addAgendaItem,
  edit: MeetingCopy.editAgendaItem,
  delete: MeetingCopy.deleteAgendaItem,
  menu: MeetingCopy.agendaItemMenu,
  item: ReorderCopy.agendaItem,
};

/**
 * The agenda of an editable meeting, sorted by order. Changes show at once and are undone with
 * the matching toast when the save fails; a deleted item's toast offers Undo, which puts it back
 * as it was, where it was.
 */
export function AgendaPanel({
  meeting,
  onChange,
  autoFocus = false,
}: {
  meeting: Pick<Meeting, '_id' | 'agenda'>;
  onChange: (patch: MeetingPatch) => void;
  /** Focus the add box on arrival (a meeting just created). */
  autoFocus?: boolean;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const { items, change, patched, remove, move } = useItemChanges(meeting, 'agenda', onChange);

  async function add(text: string): Promise<boolean> {
    try {
      const { meeting: saved } = await api.addAgendaItem(meeting._id, { text, completed: false });
      onChange(savedFields(saved, 'agenda'));
      return true;
    } catch {
      toast.error(MeetingMessages.addAgendaItemFailed);
      return false;
    }
  }

  async function restore(item: AgendaItem, order: number) {
    try {
      const { meeting: saved } = await api.restoreAgendaItem(meeting._id, {
        text: item.text,
        completed: item.completed,
        order,
      });
      onChange(savedFields(saved, 'agenda'));
    } catch {
      toast.error(MeetingCopy.restoreAgendaItemFailed);
    }
  }

  return (
    <Section title={MeetingCopy.agendaHeading}>
      <EditableItemList
        items={items}
        labels={LABELS}
        onAdd={add}
        autoFocusAdd={autoFocus}
        onToggle={(item, completed) =>
          void change(
            patched(item, { completed }),
            () => api.updateAgendaItem(meeting._id, item._id, { completed }),
            MeetingMessages.updateAgendaItemFailed,
          )
        }
        onSaveText={(item, text) =>
          void change(
            patched(item, { text }),
            () => api.updateAgendaItem(meeting._id, item._id, { text }),
            MeetingMessages.updateAgendaItemFailed,
          )
        }
        onDelete={(item) =>
          remove(
            item,
            () => api.deleteAgendaItem(meeting._id, item._id),
            MeetingMessages.deleteAgendaItemFailed,
            SuccessToasts.agendaItemDeleted,
            (order) => void restore(item, order),
          )
        }
        onMove={(activeId, overId) =>
          move(
            activeId,
            overId,
            (next) =>
              api.updateAgendaOrder(
                meeting._id,
                next.map((entry) => ({ _id: entry._id, order: entry.order })),
              ),
            MeetingMessages.updateAgendaOrderFailed,
          )
        }
      />
    </Section>
  );
}
