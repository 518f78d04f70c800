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
import { copyActionsText, parseHashtags, reorderItems, sortByOrder } from '@meetings/domain';
import { ApiError, useToast } from '@meetings/shell-context';
import { useCallback } from 'react';
import { hasErrorCode, useMeetingsApi } from '../../api.js';
import { EditableItemList } from '../../components/EditableItemList.js';
import { Section } from '../../components/Section.js';
import { MeetingCopy } from '../../texts.js';
import { saveOptimistically } from '../optimistic.js';
import type { MeetingPatch } from '../useMeetingLoad.js';
import { useActionStatus } from './useActionStatus.js';

const LABELS = {
  list: MeetingCopy.actionsHeading,
  addPlaceholder: MeetingCopy.addActionPlaceholder,
  add: MeetingCopy.addAction,
  edit: MeetingCopy.editAction,
  delete: MeetingCopy.deleteAction,
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
 * reorder (renumbered from 1), delete, copy. Failed saves are undone with the matching toast.
 */
export function ActionsPanel({
  meeting,
  onChange,
}: {
  meeting: Pick<Meeting, '_id' | 'title' | 'date' | 'actions'>;
  onChange: (patch: MeetingPatch) => void;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const items = sortByOrder(meeting.actions);
  const setActions = useCallback((actions: ActionItem[]) => onChange({ actions }), [onChange]);
  const setStatus = useActionStatus(meeting._id, meeting.actions, setActions);

  function change(
    next: ActionItem[],
    save: () => Promise<{ meeting: Meeting }>,
    onFailure: (error: unknown) => void,
  ): Promise<boolean> {
    return saveOptimistically(
      onChange,
      'actions',
      { before: meeting.actions, next },
      save,
      onFailure,
    );
  }

  async function add(text: string): Promise<boolean> {
    try {
      const { meeting: saved } = await api.addActionItem(meeting._id, {
        text,
        completed: false,
        hashtags: parseHashtags(text),
      });
      setActions(saved.actions);
      return true;
    } catch {
      toast.error(MeetingMessages.addActionItemFailed);
      return false;
    }
  }

  function remove(action: ActionItem) {
    void change(
      meeting.actions.filter((entry) => entry.id !== action.id),
      () => api.deleteActionItem(meeting._id, action._id),
      (error) => {
        if (hasErrorCode(error, MeetingErrorCode.ActionPermissionDenied)) {
          toast.error(
            (error instanceof ApiError && error.serverMessage) ||
              MeetingMessages.deleteActionPermissionDefault,
            MeetingMessages.permissionDeniedTitle,
          );
        } else {
          toast.error(MeetingMessages.deleteActionItemFailed);
        }
      },
    ).then((deleted) => {
      if (deleted) {
        const { title, description } = SuccessToasts.actionItemDeleted;
        toast.success(title, description);
      }
    });
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
            meeting.actions.map((entry) =>
              entry.id === action.id ? { ...entry, text, hashtags } : entry,
            ),
            () => api.updateActionItem(meeting._id, action._id, { text, hashtags }),
            () => toast.error(MeetingMessages.updateActionItemFailed),
          );
        }}
        onDelete={remove}
        onMove={(activeId, overId) => {
          const next = reorderItems(items, activeId, overId);
          if (!next) return;
          void change(
            next,
            () =>
              api.updateActionOrder(
                meeting._id,
                next.map((entry) => ({ id: entry.id, _id: entry._id, order: entry.order })),
              ),
            () => toast.error(MeetingMessages.updateActionOrderFailed),
          );
        }}
      />
    </Section>
  );
}
