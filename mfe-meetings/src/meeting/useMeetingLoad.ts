import {
  MeetingErrorCode,
  MeetingMessages,
  type Meeting,
  type SubscriptionStatus,
} from '@meetings/contracts';
import { ApiError, useSubscription, useToast } from '@meetings/shell-context';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { hasErrorCode, useMeetingsApi } from '../api.js';
import { MEETINGS_PATH } from '../paths.js';
import { useLiveUpdates } from './useLiveUpdates.js';

export type MeetingPatch = Partial<Meeting>;

export type MeetingLoad =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'not-found' }
  | { status: 'loaded'; meeting: Meeting; plan: SubscriptionStatus | null };

export interface MeetingLoadState {
  state: MeetingLoad;
  retry: () => void;
  /**
   * Applies a change to the loaded meeting (an optimistic one, a revert, or the server's answer to
   * this page's own save, with its version). An answer older than the loaded meeting changes
   * nothing: what is loaded already holds that change. One that skips versions (others changed the
   * meeting meanwhile) shows its fields but leaves the page's version behind, so the live event
   * that follows reads the meeting again and brings the changes skipped.
   */
  update: (patch: MeetingPatch) => void;
}

/** Changes in quick succession (a burst of ticks, typing in a title) cost one read. */
const LIVE_REFRESH_DEBOUNCE_MS = 150;

/**
 * The meeting page's load states: loading, error, not found, loaded. The meeting and a forced plan check load together, so the
 * variant is chosen once. Access denied: its toast and back to the list. While it is loaded, a
 * change made anywhere else (another person, another tab, the actions page) reads it again.
 */
export function useMeetingLoad(id: string): MeetingLoadState {
  const api = useMeetingsApi();
  const toast = useToast();
  const navigate = useNavigate();
  const { get, getSnapshot } = useSubscription();
  const [state, setState] = useState<MeetingLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  /** The newest version this page's own saves reached: a read older than it lacks them. */
  const saved = useRef(0);

  /** Access denied (back to the list) or not found ends the visit; returns whether `error` did. */
  const endsVisit = useCallback(
    (error: unknown): boolean => {
      if (hasErrorCode(error, MeetingErrorCode.AccessDenied)) {
        toast.error(MeetingMessages.noPermissionToView);
        navigate(MEETINGS_PATH, { replace: true });
      } else if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        // An id that is not a meeting id at all is as good as unknown.
        setState({ status: 'not-found' });
      } else {
        return false;
      }
      return true;
    },
    [toast, navigate],
  );

  useEffect(() => {
    saved.current = 0;
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
        if (controller.signal.aborted || endsVisit(error)) return;
        toast.error(MeetingMessages.loadMeetingFailed);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [api, get, getSnapshot, toast, endsVisit, id, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const update = useCallback((patch: MeetingPatch) => {
    setState((current) => {
      if (current.status !== 'loaded') return current;
      const { version, ...fields } = patch;
      if (version === undefined) return { ...current, meeting: { ...current.meeting, ...fields } };
      if (version < current.meeting.version) return current;
      saved.current = Math.max(saved.current, version);
      const next = version <= current.meeting.version + 1 ? { ...fields, version } : fields;
      return { ...current, meeting: { ...current.meeting, ...next } };
    });
  }, []);

  /**
   * Reads the meeting again, shortly after the last call: the newer version replaces the loaded
   * one (fields being edited keep what is typed, see TitleField); an older answer, or one older
   * than the page's own last save (`saved`), changes nothing.
   * A meeting gone or no longer shared ends the page as loading it would; any other failure leaves
   * the page as it is, and the next change tries again.
   */
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>(
    {},
  );
  useEffect(() => {
    const current = pending.current;
    return () => {
      clearTimeout(current.timer);
      current.controller?.abort();
    };
  }, []);
  const refresh = useCallback(() => {
    clearTimeout(pending.current.timer);
    pending.current.timer = setTimeout(() => {
      pending.current.controller?.abort();
      const controller = new AbortController();
      pending.current.controller = controller;
      api.get(id, controller.signal).then(
        ({ meeting }) => {
          if (controller.signal.aborted) return;
          startTransition(() =>
            setState((current) =>
              current.status === 'loaded' &&
              meeting.version > current.meeting.version &&
              meeting.version >= saved.current
                ? { ...current, meeting }
                : current,
            ),
          );
        },
        (error: unknown) => {
          if (!controller.signal.aborted) endsVisit(error);
        },
      );
    }, LIVE_REFRESH_DEBOUNCE_MS);
  }, [api, id, endsVisit]);

  const loaded = state.status === 'loaded';
  useLiveUpdates(loaded ? id : null, {
    changed: (next) => {
      if (loaded && next > state.meeting.version) refresh();
    },
    deleted: () => setState({ status: 'not-found' }),
    lost: refresh,
  });

  return { state, retry, update };
}
