// Built for Node by the PrerenderPlugin (libs/federation) and run once per production build: the
// meetings list as static markup, before its data (heading, search field, the empty list), for
// the shell's server to put into the app frame of a signed-in user's first load of it; and the
// meeting page as a template the server fills in with the meeting (meeting.tsx).
import { PRERENDERED_APP_PAGES_FILE, type PrerenderedPages } from '@meetings/contracts';
import { prerenderedAppPages } from '@meetings/shell-context/prerender';
import { App } from '../App.js';
import { MEETINGS_PATH } from '../paths.js';
import { prerenderedMeetingPage } from './meeting.js';

/** The files the build writes beside the remote's assets (libs/federation PrerenderPlugin). */
export default function render(): Record<string, PrerenderedPages> {
  return {
    [PRERENDERED_APP_PAGES_FILE]: {
      ...prerenderedAppPages(MEETINGS_PATH, <App />),
      meeting: prerenderedMeetingPage(),
    },
  };
}
