// Built for Node by the PrerenderPlugin (libs/federation) and run once per production build: the
// actions page as static markup, before its data (heading, search field, switch, empty list), for
// the shell's server to put into the app frame of a signed-in user's first load of it; and the
// same page as a template the server fills in with the user's first page of actions (actions.tsx).
import { PRERENDERED_APP_PAGES_FILE, type PrerenderedPages } from '@meetings/contracts';
import { prerenderedAppPages } from '@meetings/shell-context/prerender';
import { App } from '../App.js';
import { ACTIONS_PATH } from '../paths.js';
import { prerenderedActionsPage } from './actions.js';

/** The files the build writes beside the remote's assets (libs/federation PrerenderPlugin). */
export default function render(): Record<string, PrerenderedPages> {
  return {
    [PRERENDERED_APP_PAGES_FILE]: {
      ...prerenderedAppPages(ACTIONS_PATH, <App />),
      actions: prerenderedActionsPage(),
    },
  };
}
