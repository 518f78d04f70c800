import {
  MeetingErrorCode,
  MeetingMessages,
  type Meeting,
  type SubscriptionStatus,
} from '@meetings/contracts';
import { ApiError, useSubscription, useToast } from '@meetings/shell-context';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { hasErrorCode, isAbort, useMeetingsApi } from '../api.js';
import { MEETINGS_PATH } from '../paths.js';

export type MeetingPatch = Partial<Meeting> | ((meeting: Meeting) => Partial<Meeting>);

export type MeetingLoad =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'not-found' }
  | { status: 'loaded'; meeting: Meeting; plan: SubscriptionStatus | null };

export interface MeetingLoadState {
  state: MeetingLoad;
  retry: () => void;
  /** Applies a change to the loaded meeting (an optimistic one, a revert, or the server's answer). */
  update: (patch: MeetingPatch) => void;
}

function isNotFound(error: unknown): boolean {
  // An id that is not a meeting id at all is as good as unknown.
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * The meeting page's load states: loading, error, not found, loaded. The meeting and a forced plan check load together, so the
 * variant is chosen once. Access denied: its toast and back to the list.
 */
export function useMeetingLoad(id: string): MeetingLoadState {
  const api = useMeetingsApi();
  const toast = useToast();
  const navigate = useNavigate();
  const { get, getSnapshot } = useSubscription();
  const [state, setState] = useState<MeetingLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // A failed plan check falls back to the cached plan.
    const plan = get({ force: true }).catch(() => getSnapshot());
    Promise.all([api.get(id, controller.signal), plan]).then(
      ([{ meeting }, status]) => {
        if (controller.signal.aborted) return;
        // A transition renders the whole meeting in slices that yield to input, not in one long task.
        startTransition(() => setState({ status: 'loaded', meeting, plan: status }));
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        if (hasErrorCode(error, MeetingErrorCode.AccessDenied)) {
          toast.error(MeetingMessages.noPermissionToView);
          navigate(MEETINGS_PATH, { replace: true });
        } else if (isNotFound(error)) {
          setState({ status: 'not-found' });
        } else {
          toast.error(MeetingMessages.loadMeetingFailed);
          setState({ status: 'error' });
        }
      },
    );
    return () => controller.abort();
  }, [api, get, getSnapshot, toast, navigate, id, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const update = useCallback((patch: MeetingPatch) => {
    setState((current) =>
      current.status === 'loaded'
        ? {
            ...current,
            meeting: {
              ...current.meeting,
              ...(typeof patch === 'function' ? patch(current.meeting) : patch),
            },
          }
        : current,
    );
  }, []);

  return { state, retry, update };
}
