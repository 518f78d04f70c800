import type { Meeting } from '@meetings/contracts';
import type { MeetingPatch } from './useMeetingLoad.js';

type ItemListKey = 'agenda' | 'actions';

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
    onChange({ [key]: meeting[key] });
    return true;
  } catch (error) {
    onChange({ [key]: change.before });
    onFailure(error);
    return false;
  }
}
