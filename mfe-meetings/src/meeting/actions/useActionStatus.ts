import { MeetingMessages, type ActionItem } from '@meetings/contracts';
import { useToast } from '@meetings/shell-context';
import { useCallback } from 'react';
import { useMeetingsApi } from '../../api.js';

/**
 * Ticks an action of a meeting (owner, shared user or free user alike). The tick shows
 * at once and is undone with "Failed to update action status" if the save fails.
 */
export function useActionStatus(
  meetingId: string | undefined,
  actions: readonly ActionItem[],
  onActions: (actions: ActionItem[]) => void,
) {
  const api = useMeetingsApi();
  const toast = useToast();
  return useCallback(
    async (action: ActionItem, completed: boolean) => {
      if (!meetingId) {
        toast.error(MeetingMessages.missingMeetingId);
        return;
      }
      const before = [...actions];
      onActions(actions.map((entry) => (entry.id === action.id ? { ...entry, completed } : entry)));
      try {
        await api.updateActionItem(meetingId, action._id, { completed });
      } catch {
        onActions(before);
        toast.error(MeetingMessages.updateActionStatusFailed);
      }
    },
    [api, toast, meetingId, actions, onActions],
  );
}
