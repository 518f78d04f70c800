import {
  MeetingMessages,
  MeetingTexts,
  SuccessToasts,
  type AgendaItem,
  type Meeting,
} from '@meetings/contracts';
import { reorderItems, sortByOrder } from '@meetings/domain';
import { useToast } from '@meetings/shell-context';
import { useMeetingsApi } from '../../api.js';
import { EditableItemList } from '../../components/EditableItemList.js';
import { Section } from '../../components/Section.js';
import { MeetingCopy, ReorderCopy } from '../../texts.js';
import { saveOptimistically, savedFields } from '../optimistic.js';
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
  const items = sortByOrder(meeting.agenda);

  function change(
    next: AgendaItem[],
    save: () => Promise<{ meeting: Meeting }>,
    failure: string,
  ): Promise<boolean> {
    return saveOptimistically(onChange, 'agenda', { before: meeting.agenda, next }, save, () =>
      toast.error(failure),
    );
  }

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

  function remove(item: AgendaItem) {
    const order = items.findIndex((entry) => entry.id === item.id) + 1;
    void change(
      meeting.agenda.filter((entry) => entry.id !== item.id),
      () => api.deleteAgendaItem(meeting._id, item._id),
      MeetingMessages.deleteAgendaItemFailed,
    ).then((deleted) => {
      if (!deleted) return;
      const { title, description } = SuccessToasts.agendaItemDeleted;
      toast.success(title, description, { undo: () => void restore(item, order) });
    });
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

  function patchItem(item: AgendaItem, patch: Partial<AgendaItem>) {
    return meeting.agenda.map((entry) => (entry.id === item.id ? { ...entry, ...patch } : entry));
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
            patchItem(item, { completed }),
            () => api.updateAgendaItem(meeting._id, item._id, { completed }),
            MeetingMessages.updateAgendaItemFailed,
          )
        }
        onSaveText={(item, text) =>
          void change(
            patchItem(item, { text }),
            () => api.updateAgendaItem(meeting._id, item._id, { text }),
            MeetingMessages.updateAgendaItemFailed,
          )
        }
        onDelete={remove}
        onMove={(activeId, overId) => {
          const next = reorderItems(items, activeId, overId);
          if (!next) return;
          void change(
            next,
            () =>
              api.updateAgendaOrder(
                meeting._id,
                next.map((entry) => ({ _id: entry._id, order: entry.order })),
              ),
            MeetingMessages.updateAgendaOrderFailed,
          );
        }}
      />
    </Section>
  );
}
