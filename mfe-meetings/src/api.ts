import type { MeetingErrorCode } from '@meetings/contracts';
import {
  PAGE_SIZE,
  type AddActionItemBody,
  type AddAgendaItemBody,
  type DuplicateMeetingBody,
  type MeetingListResponse,
  type MeetingResponse,
  type PreviousActionsResponse,
  type SendRecapResponse,
  type RestoreActionItemBody,
  type RestoreAgendaItemBody,
  type ShareRole,
  type Success,
  type UpdateActionItemBody,
  type UpdateAgendaItemBody,
  type UpdateMeetingInfoBody,
} from '@meetings/contracts';
import { API_BASE_PATH, ApiError, useApi, type ApiClient } from '@meetings/shell-context';
import { useMemo } from 'react';

/** An order entry as the order calls take it: the id under both names. */
export interface OrderEntry {
  _id: string;
  id?: string;
  order: number;
}

/** The meeting calls, typed. Every change answers with the whole meeting. */
export function meetingsApi(api: ApiClient) {
  const meeting = (id: string) => `/meetings/${encodeURIComponent(id)}`;
  const item = (id: string, kind: string, itemId: string) =>
    `${meeting(id)}/${kind}/${encodeURIComponent(itemId)}`;
  return {
    list: (query: { page: number; title: string }, signal: AbortSignal) =>
      api.get<MeetingListResponse>('/meetings/', {
        query: { page: query.page, pageSize: PAGE_SIZE, title: query.title.trim() },
        signal,
      }),
    create: (title: string) => api.post<MeetingResponse>('/meetings/create', { title }),
    get: (id: string, signal: AbortSignal) => api.get<MeetingResponse>(meeting(id), { signal }),
    remove: (id: string) => api.delete<Success>(`${meeting(id)}/delete`),
    duplicate: (id: string, body: DuplicateMeetingBody) =>
      api.post<MeetingResponse>(`${meeting(id)}/duplicate`, body),
    updateInfo: (id: string, body: UpdateMeetingInfoBody) =>
      api.put<MeetingResponse>(`${meeting(id)}/update-info`, body),
    addSharedUser: (id: string, email: string, role: ShareRole) =>
      api.put<MeetingResponse>(`${meeting(id)}/add-shared-user`, { email, role }),
    removeSharedUser: (id: string, email: string) =>
      api.put<MeetingResponse>(`${meeting(id)}/remove-shared-user`, { email }),
    addAgendaItem: (id: string, body: AddAgendaItemBody) =>
      api.put<MeetingResponse>(`${meeting(id)}/add-agenda-item`, body),
    updateAgendaItem: (id: string, itemId: string, body: UpdateAgendaItemBody) =>
      api.put<MeetingResponse>(item(id, 'update-agenda-item', itemId), body),
    updateAgendaOrder: (id: string, agenda: OrderEntry[]) =>
      api.put<MeetingResponse>(`${meeting(id)}/update-agenda-order`, { agenda }),
    deleteAgendaItem: (id: string, itemId: string) =>
      api.delete<MeetingResponse>(item(id, 'delete-agenda-item', itemId)),
    restoreAgendaItem: (id: string, body: RestoreAgendaItemBody) =>
      api.put<MeetingResponse>(`${meeting(id)}/restore-agenda-item`, body),
    updateNotes: (id: string, notes: string, options: { keepalive: boolean }) =>
      api.put<MeetingResponse>(`${meeting(id)}/update-notes`, { notes }, options),
    addActionItem: (id: string, body: AddActionItemBody) =>
      api.put<MeetingResponse>(`${meeting(id)}/add-action-item`, body),
    updateActionItem: (id: string, itemId: string, body: UpdateActionItemBody) =>
      api.put<MeetingResponse>(item(id, 'update-action-item', itemId), body),
    updateActionOrder: (id: string, actions: OrderEntry[]) =>
      api.put<MeetingResponse>(`${meeting(id)}/update-action-order`, { actions }),
    deleteActionItem: (id: string, itemId: string) =>
      api.delete<MeetingResponse>(item(id, 'delete-action-item', itemId)),
    nextOccurrence: (id: string) => api.post<MeetingResponse>(`${meeting(id)}/next-occurrence`),
    restoreActionItem: (id: string, body: RestoreActionItemBody) =>
      api.put<MeetingResponse>(`${meeting(id)}/restore-action-item`, body),
    sendRecap: (id: string) => api.post<SendRecapResponse>(`${meeting(id)}/send-recap`, {}),
    previousActions: (id: string, showCompleted: boolean, signal: AbortSignal) =>
      api.get<PreviousActionsResponse>(`${meeting(id)}/previous-actions`, {
        query: { showCompleted },
        signal,
      }),
  };
}

export type MeetingsApi = ReturnType<typeof meetingsApi>;

/**
 * A meeting's address under /api for what the browser asks for itself, the session cookie going
 * with it: a plain link (`export.md`, `calendar.ics`), the live events, the live notes' socket.
 */
export function meetingUrl(id: string, suffix: string): string {
  return `${API_BASE_PATH}/meetings/${encodeURIComponent(id)}/${suffix}`;
}

export function useMeetingsApi(): MeetingsApi {
  const api = useApi();
  return useMemo(() => meetingsApi(api), [api]);
}

export function hasErrorCode(error: unknown, code: MeetingErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}
