import {
  ActionsPageMessages,
  PAGE_SIZE,
  type ActionStatusResponse,
  type ActionsMeetingGroup,
  type ActionItem,
  type ListActionsResponse,
} from '@meetings/contracts';
import { mergeById } from '@meetings/domain';
import {
  createStore,
  type ApiClient,
  type ReadableStore,
  type Toast,
} from '@meetings/shell-context';
import type { UrlFilters } from './url-filters.js';

/** What the list is filtered by; a change of any of these starts a new list at page 1. */
export type ActionFilters = UrlFilters;

/** An action as the list keeps it: keyed by `_id`, which it carries as `id`. */
export type ActionView = Omit<ActionItem, '_id'>;

export interface MeetingActions {
  id: string;
  title: string;
  date: string;
  actions: ActionView[];
}

export interface ActionListState {
  meetings: readonly MeetingActions[];
  loading: boolean;
  /** The last page said more follow (the server looks one action ahead). */
  hasMore: boolean;
  /** The last load failed: no more automatic loading until the user retries. */
  failed: boolean;
  /** Actions whose status change is waiting for the server. */
  pending: ReadonlySet<string>;
  /** How many pages have loaded: tells a screen showing the loaded list from an older one. */
  pagesLoaded: number;
}

export interface ActionList extends ReadableStore<ActionListState> {
  loadMore(): Promise<void>;
  setCompleted(meetingId: string, actionId: string, completed: boolean): Promise<void>;
  /** Drops the load in flight (the list is going away or being remounted). */
  cancel(): void;
}

/** The API sends `_id` and `id`; the client keys by `_id` and passes the other fields through. */
const toActionView = ({ _id, ...action }: ActionItem): ActionView => ({ ...action, id: _id });

/** Meetings repeat across pages: a page's group joins the loaded one, actions de-duplicated by id. */
export function mergeMeetingPage(
  loaded: readonly MeetingActions[],
  page: readonly ActionsMeetingGroup[],
): MeetingActions[] {
  const merged = [...loaded];
  for (const group of page) {
    const actions = group.actions.map(toActionView);
    const at = merged.findIndex((meeting) => meeting.id === group._id);
    if (at >= 0) {
      const meeting = merged[at]!;
      merged[at] = { ...meeting, actions: mergeById(meeting.actions, actions) };
    } else {
      merged.push({ id: group._id, title: group.title, date: group.date, actions });
    }
  }
  return merged;
}

/**
 * One actions list for one set of filters: pages of PAGE_SIZE actions loaded on demand, merged by
 * meeting, and status changes that reach the list only once the server has made them.
 */
export function createActionList(api: ApiClient, toast: Toast, filters: ActionFilters): ActionList {
  const store = createStore<ActionListState>({
    meetings: [],
    loading: false,
    hasMore: true,
    failed: false,
    pending: new Set(),
    pagesLoaded: 0,
  });
  const update = (patch: Partial<ActionListState>) =>
    store.set({ ...store.getSnapshot(), ...patch });

  let page = 0;
  // Paging is by offset over the filtered set. With completed actions hidden, each action ticked
  // here leaves that set and pulls the actions after it one place forward, so the next load
  // re-reads from that many places earlier (de-duplication drops what is already shown).
  let leftFilter = 0;
  let inFlight: AbortController | null = null;

  async function loadMore() {
    const state = store.getSnapshot();
    if (state.loading || !state.hasMore) return;
    const controller = new AbortController();
    inFlight = controller;
    const shift = Math.max(0, leftFilter);
    const next = page + 1;
    const first = Math.max(1, Math.floor((page * PAGE_SIZE - shift) / PAGE_SIZE) + 1);
    update({ loading: true, failed: false });
    try {
      const pages: ListActionsResponse[] = [];
      for (let number = first; number <= next; number += 1) {
        pages.push(
          await api.get<ListActionsResponse>('/actions/', {
            query: {
              page: number,
              pageSize: PAGE_SIZE,
              search: filters.search,
              hashtag: filters.hashtag,
              showCompleted: filters.showCompleted,
              assignee: filters.assignee,
              due: filters.due,
              sort: filters.sort,
            },
            signal: controller.signal,
          }),
        );
      }
      page = next;
      leftFilter -= shift;
      update({
        loading: false,
        pagesLoaded: next,
        hasMore: pages.at(-1)!.hasMore,
        meetings: pages.reduce<readonly MeetingActions[]>(
          (loaded, response) => mergeMeetingPage(loaded, response.meetings),
          store.getSnapshot().meetings,
        ),
      });
    } catch {
      if (controller.signal.aborted) return;
      toast.error(ActionsPageMessages.loadFailed);
      update({ loading: false, failed: true });
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  }

  async function setCompleted(meetingId: string, actionId: string, completed: boolean) {
    if (store.getSnapshot().pending.has(actionId)) return;
    update({ pending: new Set(store.getSnapshot().pending).add(actionId) });
    try {
      const { action } = await api.put<ActionStatusResponse>(
        `/actions/${encodeURIComponent(meetingId)}/action/${encodeURIComponent(actionId)}/status`,
        { completed },
      );
      const saved = toActionView(action);
      const meetings = store.getSnapshot().meetings.map((meeting) => {
        if (meeting.id !== meetingId) return meeting;
        return {
          ...meeting,
          actions: meeting.actions.map((item) => {
            if (item.id !== saved.id) return item;
            if (!filters.showCompleted && item.completed !== saved.completed) {
              leftFilter += saved.completed ? 1 : -1;
            }
            return { ...item, ...saved };
          }),
        };
      });
      update({ meetings });
    } catch {
      toast.error(ActionsPageMessages.updateStatusFailed);
    } finally {
      const pending = new Set(store.getSnapshot().pending);
      pending.delete(actionId);
      update({ pending });
    }
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    loadMore,
    setCompleted,
    cancel() {
      if (!inFlight) return;
      inFlight.abort();
      inFlight = null;
      update({ loading: false });
    },
  };
}
