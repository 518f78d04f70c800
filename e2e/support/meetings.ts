import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** Calls the API with the signed-in page's session cookie, as the page itself would. */
export async function api<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, { method, data: body });
  if (!response.ok())
    throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface ApiMeeting {
  id: string;
  title: string;
  date: string;
  sharedWith: string[];
  sharedRoles: Record<string, string>;
  notes: string;
  agenda: { id: string; text: string; completed: boolean; order: number }[];
  actions: { id: string; text: string; completed: boolean; order: number; hashtags: string[] }[];
}

/** Creates a meeting through the API (faster than the dialog when the dialog is not the point). */
export async function createMeeting(
  page: Page,
  title: string,
  options: { date?: Date; actions?: string[]; agenda?: string[] } = {},
): Promise<ApiMeeting> {
  let { meeting } = await api<{ meeting: ApiMeeting }>(page, 'POST', '/meetings/create', {
    title,
    ...(options.date ? { date: options.date.toISOString() } : {}),
  });
  for (const text of options.agenda ?? []) {
    ({ meeting } = await api(page, 'PUT', `/meetings/${meeting.id}/add-agenda-item`, { text }));
  }
  for (const text of options.actions ?? []) {
    ({ meeting } = await api(page, 'PUT', `/meetings/${meeting.id}/add-action-item`, { text }));
  }
  return meeting;
}

export async function getMeeting(page: Page, id: string): Promise<ApiMeeting> {
  return (await api<{ meeting: ApiMeeting }>(page, 'GET', `/meetings/${id}`)).meeting;
}

/** Midday `days` from today, local time. */
export function dayOffset(days: number, hours = 10, minutes = 0): Date {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(hours, minutes, 0, 0);
  return date;
}

export function ddMMyyyy(date: Date | string): string {
  const value = new Date(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(value.getDate())}/${pad(value.getMonth() + 1)}/${value.getFullYear()}`;
}

/** The scripts a page has loaded so far, with their gzip sizes. */
export async function loadedScripts(
  page: Page,
): Promise<{ url: string; gzip: number; schemaLibrary: boolean }[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.m?js(\?|$)/.test(name)),
  );
  return Promise.all(
    [...new Set(urls)].map(async (url) => {
      const body = await page.request.get(url).then((response) => response.body());
      return {
        url: new URL(url).pathname,
        gzip: gzipSync(body).length,
        // zod's core names its types in the bundle.
        schemaLibrary: body.includes('"$ZodType"'),
      };
    }),
  );
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Console lines a journey causes on purpose (refused calls the page handles itself). */
export function unexpected(errors: string[], ...expected: RegExp[]): string[] {
  return errors.filter((error) => !expected.some((pattern) => pattern.test(error)));
}

/**
 * The page cannot reach the live notes (a proxy without WebSockets): its notes editor saves over
 * HTTP, `PUT update-notes`, as the spec's autosave does.
 */
export async function withoutLiveNotes(page: Page): Promise<void> {
  await page.routeWebSocket(/\/api\/meetings\/[^/]+\/collab$/, (socket) => socket.close());
}

/** The meeting's agenda texts as stored, in their order. */
export async function storedAgenda(page: Page, id: string): Promise<string[]> {
  return (await getMeeting(page, id)).agenda
    .toSorted((a, b) => a.order - b.order)
    .map((item) => item.text);
}
