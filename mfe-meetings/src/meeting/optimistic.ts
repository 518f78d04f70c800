import type { Meeting } from '@meetings/contracts';
import type { MeetingPatch } from './useMeetingLoad.js';

type ItemListKey = 'agenda' | 'actions';

/**
 * The fields `keys` of the server's answer to this page's own change, with its version: the page
 * then knows its meeting is at least that new, so a read started before the change and answered
 * after it is not shown over it.
 */
export function savedFields<K extends keyof Meeting>(
  saved: Meeting,
  ...keys: K[]
): Partial<Meeting> {
  const patch: Partial<Meeting> = { version: saved.version };
  for (const key of keys) Object.assign(patch, { [key]: saved[key] });
  return patch;
}

/**
 * A change shows at once; the server's answer replaces it, and a failed save puts
 * `before` back and calls `onFailure` (the matching toast). Resolves whether the save went through.
 */
export async function saveOptimistically<K extends ItemListKey>(
  onChange: (patch: MeetingPatch) => void,
  key: K,
  change: { before: Meeting[K]; next: Meeting[K] },
  save: () => Promise<{ meeting: Meeting }>,
  onFailure: (error: unknown) => void,
): Promise<boolean> {
  onChange({ [key]: change.next });
  try {
    const { meeting } = await save();
    onChange(savedFields(meeting, key));
    return true;
  } catch (error) {
    onChange({ [key]: change.before });
    onFailure(error);
    return false;
  }
}
