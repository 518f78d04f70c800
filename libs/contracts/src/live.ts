/**
 * Live updates of an open meeting (docs/adr/0013): `GET /api/meetings/{id}/live` is a stream of
 * server-sent events telling the page that the meeting changed (it then asks for it again) or was
 * deleted. The events carry no content, so the stream needs no more than sight of the meeting.
 */
export const LiveEvents = {
  /** `data`: `{ version }`, the meeting's version after the change. */
  changed: 'changed',
  /** `data`: `{}`; the meeting is gone. */
  deleted: 'deleted',
} as const;
export type LiveEvent = (typeof LiveEvents)[keyof typeof LiveEvents];

export interface LiveChange {
  version: number;
}

/** A comment line this often keeps the stream and every proxy on its way from timing out. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** How long the browser waits before reconnecting a dropped stream. */
export const LIVE_RETRY_MS = 2_000;

/** Whether a path is a meeting's live stream (the gateway gives it its own idle timeout). */
export function isLiveStreamPath(path: string): boolean {
  return /^\/api\/meetings\/[^/]+\/live\/?$/.test(path);
}

/** The shared text of a meeting's live notes document (Quill's delta format), on both ends. */
export const LIVE_NOTES_TEXT = 'notes';
