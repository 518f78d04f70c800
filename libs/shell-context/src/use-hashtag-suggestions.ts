import type { HashtagSuggestionsResponse } from '@meetings/contracts';
import { hashtagFragment, suggestHashtags } from '@meetings/domain';
import { useApi } from './context.js';
import { useEffect, useMemo, useState } from 'react';

export const SUGGESTION_LIMIT = 10;

export interface HashtagSuggestions {
  /** The text after the last #, or null when the search text has no hashtag being typed. */
  fragment: string | null;
  suggestions: string[];
  /** The server has answered for this fragment, so an empty list means none match. */
  settled: boolean;
}

/**
 * Suggestions for the hashtag being typed: the server's known tags containing the fragment (asked
 * once per fragment), filtered by the product's one rule (suggestHashtags). Until the server
 * answers, tags already known that still match are shown.
 */
export function useHashtagSuggestions(text: string): HashtagSuggestions {
  const api = useApi();
  const fragment = hashtagFragment(text);
  const key = fragment?.toLowerCase() ?? null;
  const [answers, setAnswers] = useState<ReadonlyMap<string, readonly string[]>>(new Map());

  useEffect(() => {
    if (key === null || answers.has(key)) return;
    const controller = new AbortController();
    const remember = (tags: readonly string[]) =>
      setAnswers((previous) => new Map(previous).set(key, tags));
    api
      .get<HashtagSuggestionsResponse>('/actions/hashtags', {
        query: { q: key, limit: SUGGESTION_LIMIT },
        signal: controller.signal,
      })
      .then(
        (response) => remember(response.hashtags),
        () => {
          // Suggestions are a convenience: a failure reads as "none found", without a toast.
          if (!controller.signal.aborted) remember([]);
        },
      );
    return () => controller.abort();
  }, [api, key, answers]);

  const known = useMemo(() => [...new Set([...answers.values()].flat())], [answers]);
  const answer = key === null ? undefined : answers.get(key);
  return {
    fragment,
    suggestions:
      fragment === null ? [] : suggestHashtags(text, answer ?? known).slice(0, SUGGESTION_LIMIT),
    settled: answer !== undefined,
  };
}
