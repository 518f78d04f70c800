import { MeetingMessages, type ActionItem, type Meeting } from '@meetings/contracts';
import { useToast } from '@meetings/shell-context';
import { useCallback } from 'react';
import { useMeetingsApi } from '../../api.js';
import { savedFields } from '../optimistic.js';
import type { MeetingPatch } from '../useMeetingLoad.js';

/**
 * Ticks an action of a meeting (owner, shared user or free user alike). The tick shows
 * at once and is undone with "Failed to update action status" if the save fails; `onSaved` gets
 * the server's answer.
 */
export function useActionStatus(
  meetingId: string,
  actions: readonly ActionItem[],
  onActions: (actions: ActionItem[]) => void,
  onSaved?: (saved: Meeting) => void,
) {
  const api = useMeetingsApi();
  const toast = useToast();
  return useCallback(
    async (action: ActionItem, completed: boolean) => {
      const before = [...actions];
      onActions(actions.map((entry) => (entry.id === action.id ? { ...entry, completed } : entry)));
      try {
        const { meeting } = await api.updateActionItem(meetingId, action._id, { completed });
        onSaved?.(meeting);
      } catch {
        onActions(before);
        toast.error(MeetingMessages.updateActionStatusFailed);
      }
    },
    [api, toast, meetingId, actions, onActions, onSaved],
  );
}

/**
 * Ticks on the meeting page itself. Of the answer the page takes only the version: its actions
 * would undo a tick still on its way.
 */
export function useMeetingActionStatus(
  meeting: Pick<Meeting, '_id' | 'actions'>,
  onChange: (patch: MeetingPatch) => void,
) {
  const setActions = useCallback((actions: ActionItem[]) => onChange({ actions }), [onChange]);
  const takeVersion = useCallback((saved: Meeting) => onChange(savedFields(saved)), [onChange]);
  return useActionStatus(meeting._id, meeting.actions, setActions, takeVersion);
}
