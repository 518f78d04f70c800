import { PAGE_DATA_TOKENS as T } from '@meetings/contracts';
import { splitHashtags } from '@meetings/domain';
import escapeHtml from 'escape-html';

/**
 * Filling the front ends' prerendered templates (PAGE_DATA_TOKENS) with one user's data: shared
 * by the meeting page and the actions page the shell's server renders.
 */

const TOKEN = /__MK_DATA_[A-Z]+(?:_[A-Z]+)*__/g;
// An item's text where the template has it as content (HashtagText's plain span), or any token.
const ITEM_TOKEN = new RegExp(`<span>${T.text}</span>|${TOKEN.source}`, 'g');

/**
 * Every data token of `markup` replaced in one pass, so text a user wrote that looks like a token
 * is never filled in itself. Values are markup (escaped by the caller).
 */
export function fill(markup: string, values: Partial<Record<string, string>>): string {
  return markup.replace(TOKEN, (token) => values[token] ?? token);
}

export interface DataItem {
  text: string;
  completed: boolean;
  hashtags?: readonly string[];
}

/** The markup of an item's row (an agenda item or action), open and completed. */
export interface ItemParts {
  openItem: string;
  completedItem: string;
  hashtag: string;
}

/** An item's row: its text as HashtagText renders it (plain spans around hashtag chips). */
export function itemMarkup(parts: ItemParts, item: DataItem): string {
  const content = () =>
    splitHashtags(item.text, item.hashtags ?? [])
      .map((part) =>
        part.kind === 'hashtag'
          ? fill(parts.hashtag, { [T.hashtag]: escapeHtml(part.tag) })
          : `<span>${escapeHtml(part.text)}</span>`,
      )
      .join('');
  const row = item.completed ? parts.completedItem : parts.openItem;
  // The text as markup where the template has it as content, escaped where it is an attribute
  // (the checkbox's name); one pass, as in fill.
  return row.replace(ITEM_TOKEN, (token) =>
    token === T.text ? escapeHtml(item.text) : token.startsWith('<') ? content() : token,
  );
}

export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
