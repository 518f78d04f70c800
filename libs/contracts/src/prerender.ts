/**
 * The landing page rendered at build time (mfe-onboarding writes it beside its remote entry as
 * PRERENDERED_LANDING_FILE) for the shell's server to include in the HTML of `/`, so the page
 * paints before any JavaScript has arrived. Branding text is left as tokens the server fills in
 * for the request's tenant; the colours are baked into the styles, so the page is used only for
 * tenants whose colours are the ones it was rendered with.
 */
export interface PrerenderedPage {
  /** Bumped when the shape changes; a server ignores a version it does not know. */
  version: 1;
  /** The colours the styles were rendered with; a tenant with others gets the plain shell. */
  colours: { primaryColor: string; secondaryColor?: string };
  /** Where the tenant's (HTML-escaped) product name and footer credit go. */
  tokens: { productName: string; footerCredit: string };
  /**
   * The page's markup with its styles inline: for a user who picked light or dark, and for one
   * whose OS decides (both sets of styles, the dark ones under a prefers-color-scheme query).
   */
  schemes: { light: string; dark: string; system: string };
}

export const PRERENDERED_LANDING_FILE = 'landing.prerender.json';

/** The shell's element the app renders into (index.html's `<div id="root">`). */
export const APP_ROOT_ID = 'root';

/** The element holding the included page; the shell removes it when its own page has rendered. */
export const PRERENDERED_PAGE_ID = 'prerendered-page';

/**
 * The colour scheme the user picked (light or dark), mirrored from local storage into a cookie so
 * the server can include the page in that scheme; without it the OS preference decides.
 */
export const THEME_COOKIE = 'ui-theme';

/**
 * The shell's HTML for pages under /app, written by its build beside index.html: the same page
 * with preload hints for the app bar's files too (libs/federation BootPreloadPlugin). The server
 * sends it for /app paths when the build has one, index.html otherwise.
 */
export const APP_SHELL_PAGE = 'app.html';

/**
 * The shell's HTML for the landing page, written by its build beside index.html: the same page
 * without the start's preload hints (the entry's own preload and its starter stay). With the
 * landing page painted from the HTML they only delay that paint. The server puts the landing page
 * into it, or into index.html when the build has none.
 */
export const LANDING_SHELL_PAGE = 'landing.html';

/** Whether a page path is under /app (signed-in pages, drawn inside the app bar). */
export const isAppPagePath = (path: string): boolean => path === '/app' || path.startsWith('/app/');

/**
 * Pages of /app rendered at build time without their data (headings, search fields, a spinner
 * where the list goes), keyed by page path. Each remote writes its own pages as
 * PRERENDERED_APP_PAGES_FILE beside its remote entry; the shell writes the app bar and sidebar
 * around them as PRERENDERED_APP_FRAME_FILE, one frame per page path with PRERENDER_SLOT where
 * the page goes. The shell's server puts frame and page into the HTML of a signed-in user's first
 * load of that path, so it paints before the JavaScript has arrived.
 */
export interface PrerenderedPages {
  version: 1;
  pages: Record<string, PrerenderedPage>;
  /**
   * The app frames in their wide layout alone (the shell's frame file): for a request from a
   * desktop browser (`Sec-CH-UA-Mobile: ?0`), whose window is almost always wide, so the page
   * goes into the HTML once instead of once per layout. Below the breakpoint it shows nothing
   * until the app has started, as before there was a frame.
   */
  wideFrames?: Record<string, PrerenderedPage>;
  /** The meeting page, filled in per request with the meeting (mfe-meetings only). */
  meeting?: PrerenderedMeetingPage;
  /** The actions page, filled in per request with the first page of actions (mfe-actions). */
  actions?: PrerenderedActionsPage;
}

export const PRERENDERED_APP_PAGES_FILE = 'app-pages.prerender.json';
export const PRERENDERED_APP_FRAME_FILE = 'app-frame.prerender.json';

/** Where a frame's page goes (text inside its main element). */
export const PRERENDER_SLOT = '__MK_PAGE__';

/**
 * The meeting page rendered at build time with tokens where one meeting's fields go (mfe-meetings
 * writes it into its app-pages.prerender.json as `meeting`). For a signed-in user's first load of
 * a meeting the shell's server asks svc-meetings for that meeting with the user's own session (the
 * service decides who may read it), fills the tokens in (texts HTML-escaped, notes sanitised) and
 * puts the page into the app frame, so the meeting paints before the JavaScript has arrived.
 * Lists are built from parts, one per item, each rendered in the same way.
 */
export interface PrerenderedMeetingPage {
  /** The app frame it goes into (the sidebar entry it marks). */
  framePath: string;
  /** The page, with PAGE_DATA_TOKENS where the meeting's fields and lists go. */
  page: PrerenderedPage;
  parts: {
    /** A person it is shared with (PAGE_DATA_TOKENS.text: the e-mail). */
    email: PrerenderedPage;
    /** An agenda item or action, open and completed (PAGE_DATA_TOKENS.text). */
    openItem: PrerenderedPage;
    completedItem: PrerenderedPage;
    /** A hashtag chip inside an item's text (PAGE_DATA_TOKENS.hashtag: the tag, no #). */
    hashtag: PrerenderedPage;
  };
  /** Each list with PAGE_DATA_TOKENS.items where its items go, and what it shows when empty. */
  lists: Record<MeetingPageList, { list: PrerenderedPage; empty: PrerenderedPage }>;
}

export type MeetingPageList = 'sharedWith' | 'agenda' | 'actions';

/**
 * The actions page rendered at build time with PAGE_DATA_TOKENS.groups where the first page of
 * a user's actions goes (mfe-actions writes it into its app-pages.prerender.json as `actions`):
 * the shell's server reads that page from svc-actions with the user's session, as the page's own
 * first call does, and builds it from the parts.
 */
export interface PrerenderedActionsPage {
  page: PrerenderedPage;
  parts: {
    /** One meeting with its actions (PAGE_DATA_TOKENS.title, .id and .items). */
    group: PrerenderedPage;
    /** An action, open and completed (PAGE_DATA_TOKENS.text). */
    openItem: PrerenderedPage;
    completedItem: PrerenderedPage;
    /** A hashtag chip inside an action's text (PAGE_DATA_TOKENS.hashtag). */
    hashtag: PrerenderedPage;
  };
}

/**
 * Where the shell's server puts one user's data into the markup of PrerenderedMeetingPage and
 * PrerenderedActionsPage.
 */
export const PAGE_DATA_TOKENS = {
  title: '__MK_DATA_TITLE__',
  id: '__MK_DATA_ID__',
  groups: '__MK_DATA_GROUPS__',
  notes: '__MK_DATA_NOTES__',
  sharedWith: '__MK_DATA_SHARED_WITH__',
  agenda: '__MK_DATA_AGENDA__',
  actions: '__MK_DATA_ACTIONS__',
  items: '__MK_DATA_ITEMS__',
  text: '__MK_DATA_TEXT__',
  hashtag: '__MK_DATA_HASHTAG__',
} as const;
