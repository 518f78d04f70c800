import { LiveEvents, type LiveChange } from '@meetings/contracts';
import { useEffect, useEffectEvent } from 'react';
import { meetingUrl } from '../api.js';

/** A stream the server refused or lost for good (not a drop EventSource retries) is tried again. */
const REOPEN_AFTER_MS = 5_000;

export interface LiveHandlers {
  /** The meeting is now at `version` (the first event tells the version when the stream opens). */
  changed(version: number): void;
  deleted(): void;
  /** The stream was refused or is gone: the page may ask for the meeting to learn why. */
  lost(): void;
}

/**
 * Listens to `GET /api/meetings/{id}/live` while `meetingId` is given and the page is open
 * (server-sent events; EventSource reconnects by itself after a drop), and stops on leaving. A tab
 * in the background lets go of its stream: over HTTP/1.1 a browser keeps six connections per site,
 * and streams held by hidden tabs would leave none for the API. Shown again, the tab reconnects and
 * the first event tells whether it missed a change.
 */
export function useLiveUpdates(meetingId: string | null, handlers: LiveHandlers): void {
  const changed = useEffectEvent(handlers.changed);
  const deleted = useEffectEvent(handlers.deleted);
  const lost = useEffectEvent(handlers.lost);

  useEffect(() => {
    if (!meetingId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const current = new EventSource(meetingUrl(meetingId, 'live'));
      source = current;
      current.addEventListener(LiveEvents.changed, (event) => {
        const { version } = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
        changed(version);
      });
      current.addEventListener(LiveEvents.deleted, () => {
        current.close();
        deleted();
      });
      current.onerror = () => {
        if (current.readyState !== EventSource.CLOSED || source !== current) return;
        lost();
        reopen = setTimeout(open, REOPEN_AFTER_MS);
      };
    };
    const close = () => {
      clearTimeout(reopen);
      source?.close();
      source = null;
    };
    const followVisibility = () => {
      if (document.hidden) close();
      else if (!source) open();
    };
    document.addEventListener('visibilitychange', followVisibility);
    if (!document.hidden) open();
    return () => {
      document.removeEventListener('visibilitychange', followVisibility);
      close();
    };
  }, [meetingId]);
}
