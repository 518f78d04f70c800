import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import {
  MeetingErrorCode,
  MeetingMessages,
  MeetingTexts,
  SuccessToasts,
  type ActionItem,
  type Meeting,
} from '@meetings/contracts';
import { copyActionsText, parseHashtags, recapRecipients } from '@meetings/domain';
import { ApiError, errorText, useToast } from '@meetings/shell-context';
import { useMemo } from 'react';
import { hasErrorCode, useMeetingsApi } from '../../api.js';
import { EditableItemList } from '../../components/EditableItemList.js';
import { Section } from '../../components/Section.js';
import { MeetingCopy, OwedCopy, ReorderCopy } from '../../texts.js';
import { savedFields, useItemChanges } from '../optimistic.js';
import type { MeetingPatch } from '../useMeetingLoad.js';
import { OwedEditor, type OwedPatch } from './OwedEditor.js';
import { useMeetingActionStatus } from './useActionStatus.js';

const LABELS = {
  list: MeetingCopy.actionsHeading,
  addPlaceholder: MeetingCopy.addActionPlaceholder,
  add: MeetingCopy.addAction,
  edit: MeetingCopy.editAction,
  delete: MeetingCopy.deleteAction,
  menu: MeetingCopy.actionMenu,
  item: ReorderCopy.action,
};

/** The "Copy actions" text on the clipboard (docs/product.md, Copying actions), with its toasts. */
export function CopyActionsButton({
  meeting,
}: {
  meeting: Pick<Meeting, 'title' | 'date' | 'actions'>;
}) {
  const toast = useToast();
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(copyActionsText(meeting, meeting.actions));
      const { title, description } = SuccessToasts.actionsCopied;
      toast.success(title, description);
    } catch {
      toast.error(MeetingMessages.copyActionsFailed);
    }
  }
  return (
    <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
      {MeetingTexts.copyActions}
    </Button>
  );
}

/**
 * The actions of an editable meeting: hashtags as chips, add and edit with Enter, drag to
 * reorder (renumbered from 1), delete (with Undo), copy, who owes each and by when (`@` in the
 * add box picks the assignee, `#` suggests the hashtags in use). Failed saves are undone with the
 * matching toast.
 */
export function ActionsPanel({
  meeting,
  onChange,
}: {
  meeting: Pick<Meeting, '_id' | 'title' | 'date' | 'actions' | 'owner' | 'sharedWith'>;
  onChange: (patch: MeetingPatch) => void;
}) {
  const api = useMeetingsApi();
  // Who an action can be assigned to without sharing: the owner, then the shared list.
  const people = useMemo(
    () => recapRecipients(meeting.owner.email, meeting.sharedWith),
    [meeting.owner.email, meeting.sharedWith],
  );
  const toast = useToast();
  const { items, change, patched, remove, move } = useItemChanges(meeting, 'actions', onChange);
  const setStatus = useMeetingActionStatus(meeting, onChange);

  /** The answer's shared list; says so when assigning has just added someone to it. */
  function takeSharedWith(saved: Meeting) {
    const before = new Set(meeting.sharedWith.map((email) => email.toLowerCase()));
    const added = saved.sharedWith.filter((email) => !before.has(email.toLowerCase()));
    if (!added.length) return;
    onChange(savedFields(saved, 'sharedWith'));
    for (const email of added) {
      const { title, description } = OwedCopy.sharedByAssigning(email);
      toast.success(title, description);
    }
  }

  async function add(text: string, assignee: string | null): Promise<boolean> {
    try {
      const { meeting: saved } = await api.addActionItem(meeting._id, {
        text,
        completed: false,
        hashtags: parseHashtags(text),
        ...(assignee ? { assignee } : {}),
      });
      onChange(savedFields(saved, 'actions'));
      takeSharedWith(saved);
      return true;
    } catch {
      toast.error(MeetingMessages.addActionItemFailed);
      return false;
    }
  }

  function deleteFailed(error: unknown) {
    if (hasErrorCode(error, MeetingErrorCode.ActionPermissionDenied)) {
      toast.error(
        errorText(error, MeetingMessages.deleteActionPermissionDefault),
        MeetingMessages.permissionDeniedTitle,
      );
    } else {
      toast.error(MeetingMessages.deleteActionItemFailed);
    }
  }

  /** Undo of a delete: the action back as it was (tick, assignee, due date), where it was. */
  async function restore(action: ActionItem, order: number) {
    try {
      const { meeting: saved } = await api.restoreActionItem(meeting._id, {
        text: action.text,
        completed: action.completed,
        order,
        assignee: action.assignee ?? null,
        dueDate: action.dueDate ?? null,
      });
      onChange(savedFields(saved, 'actions'));
      takeSharedWith(saved);
    } catch {
      toast.error(MeetingCopy.restoreActionFailed);
    }
  }

  function setOwed(action: ActionItem, patch: OwedPatch) {
    void change(
      patched(action, patch),
      async () => {
        const answer = await api.updateActionItem(meeting._id, action._id, patch);
        takeSharedWith(answer.meeting);
        return answer;
      },
      (error) =>
        toast.error(
          (error instanceof ApiError && error.status === 400 && error.serverMessage) ||
            MeetingMessages.updateActionItemFailed,
        ),
    );
  }

  return (
    <Section title={MeetingCopy.actionsHeading} action={<CopyActionsButton meeting={meeting} />}>
      <EditableItemList
        items={items}
        labels={LABELS}
        onAdd={add}
        onToggle={(action, completed) => void setStatus(action, completed)}
        onSaveText={(action, text) => {
          const hashtags = parseHashtags(text);
          void change(
            patched(action, { text, hashtags }),
            () => api.updateActionItem(meeting._id, action._id, { text, hashtags }),
            MeetingMessages.updateActionItemFailed,
          );
        }}
        onDelete={(action) =>
          remove(
            action,
            () => api.deleteActionItem(meeting._id, action._id),
            deleteFailed,
            SuccessToasts.actionItemDeleted,
            (order) => void restore(action, order),
          )
        }
        mentions={people}
        hashtags
        renderMeta={(action) => (
          <OwedEditor action={action} people={people} onSave={(patch) => setOwed(action, patch)} />
        )}
        onMove={(activeId, overId) =>
          move(
            activeId,
            overId,
            (next) =>
              api.updateActionOrder(
                meeting._id,
                next.map((entry) => ({ id: entry.id, _id: entry._id, order: entry.order })),
              ),
            MeetingMessages.updateActionOrderFailed,
          )
        }
      />
    </Section>
  );
}
