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
}

export const PRERENDERED_APP_PAGES_FILE = 'app-pages.prerender.json';
export const PRERENDERED_APP_FRAME_FILE = 'app-frame.prerender.json';

/** Where a frame's page goes (text inside its main element). */
export const PRERENDER_SLOT = '__MK_PAGE__';
