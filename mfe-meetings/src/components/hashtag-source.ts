import { applyHashtagSuggestion } from '@meetings/domain';
import { useHashtagSuggestions } from '@meetings/shell-context';
import { OwedCopy } from '../texts.js';
import type { SuggestionSource } from './suggestions.js';

/**
 * The hashtags known from the user's actions (the actions page's suggestions) for the `#word`
 * at the end of `text`; a pick completes it and adds a space, so typing goes on. A hashtag typed
 * out in full opens no list, so Enter still adds the item.
 */
export function useHashtagSource(
  text: string,
  enabled: boolean,
  onChange: (text: string) => void,
): SuggestionSource | null {
  const { fragment, suggestions } = useHashtagSuggestions(enabled ? text : '');
  if (!enabled || !fragment) return null;
  const typed = fragment.toLowerCase();
  if (suggestions.some((tag) => tag.toLowerCase() === typed)) return null;
  return {
    options: suggestions,
    label: OwedCopy.hashtags,
    show: (tag) => `#${tag}`,
    pick: (tag) => onChange(`${applyHashtagSuggestion(text, tag)} `),
  };
}
