import {
  PAGE_DATA_TOKENS as T,
  type Branding,
  type ListActionsResponse,
  type PrerenderedActionsPage,
  type PrerenderedPages,
} from '@meetings/contracts';
import { sortByOrder } from '@meetings/domain';
import escapeHtml from 'escape-html';
import { frameOf, includeInFrame } from './app-page.js';
import { fill, itemMarkup } from './data-markup.js';
import { fillTokens, fitsBranding, type SchemeChoice } from './prerendered-page.js';

/**
 * A signed-in user's first load of the actions page with its first page of actions in the HTML:
 * the page mfe-actions renders at build time as a template and parts (PrerenderedActionsPage),
 * filled in with what svc-actions answers the user's own session for the page's first call (no
 * search, completed actions hidden), inside the shell's app frame. The app's first render of
 * the page replaces it (the shell removes it as for every prerendered page).
 */

export const ACTIONS_PAGE_PATH = '/app/actions';

/** The page's markup in a scheme (its template's tokens filled in). */
export function actionsMarkup(
  template: PrerenderedActionsPage,
  answer: ListActionsResponse,
  scheme: SchemeChoice,
  branding: Branding,
): string {
  const markup = (name: keyof PrerenderedActionsPage['parts']) =>
    fillTokens(template.parts[name], scheme, branding);
  const parts = {
    openItem: markup('openItem'),
    completedItem: markup('completedItem'),
    hashtag: markup('hashtag'),
  };
  const group = markup('group');
  const groups = answer.meetings
    .map((meeting) =>
      fill(group, {
        [T.id]: escapeHtml(encodeURIComponent(meeting._id)),
        [T.title]: escapeHtml(meeting.title),
        [T.items]: sortByOrder(meeting.actions)
          .map((action) => itemMarkup(parts, action))
          .join(''),
      }),
    )
    .join('');
  return fill(fillTokens(template.page, scheme, branding), { [T.groups]: groups });
}

/** The actions template among the remotes' prerendered pages (mfe-actions'), if any. */
export function actionsTemplate(
  pages: readonly PrerenderedPages[],
): PrerenderedActionsPage | undefined {
  return pages.find((remote) => remote.actions)?.actions;
}

/**
 * The shell's HTML with the first page of actions in the app frame, or null when the template
 * or the frame does not fit the tenant's branding (or another reason includeInFrame gives).
 */
export function includeActionsPage(
  shellHtml: string,
  frames: PrerenderedPages,
  template: PrerenderedActionsPage,
  answer: ListActionsResponse,
  branding: Branding,
  scheme: SchemeChoice,
  desktop = false,
): string | null {
  const pages = [template.page, ...Object.values(template.parts)];
  if (!pages.every((page) => fitsBranding(page, branding))) return null;
  const frame = frameOf(frames, ACTIONS_PAGE_PATH, desktop);
  return includeInFrame(shellHtml, frame, () => actionsMarkup(template, answer, scheme, branding), {
    branding,
    scheme,
  });
}
