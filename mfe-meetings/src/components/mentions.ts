/** An `@word` being typed at the end of the text: where it starts and what follows the `@`. */
export interface Mention {
  start: number;
  query: string;
}

const TRAILING_MENTION = /(?:^|\s)@([^\s@]*)$/;

export function mentionAt(text: string): Mention | null {
  const match = TRAILING_MENTION.exec(text);
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: text.length - query.length - 1, query };
}

/** The people whose address contains the typed part, case-insensitively, in the order given. */
export function mentionMatches(people: readonly string[], query: string): string[] {
  const needle = query.toLowerCase();
  return people.filter((email) => email.toLowerCase().includes(needle));
}

/** The text without the `@word` a person was picked for. */
export function withoutMention(text: string, mention: Mention): string {
  return text.slice(0, mention.start).trimEnd();
}
