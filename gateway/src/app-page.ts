import {
  PRERENDER_SLOT,
  type Branding,
  type PrerenderedPage,
  type PrerenderedPages,
} from '@meetings/contracts';
import { sessionCookie } from './cookies.js';
import { fillTokens, fitsBranding, includeInShell, type SchemeChoice } from './prerendered-page.js';

/**
 * A signed-in page of /app (the meetings list, the actions page) before its data: the shell's app
 * bar and sidebar (its app-frame.prerender.json) around the page its remote rendered at build time
 * (the remote's app-pages.prerender.json), put into the shell's HTML so the page's frame, heading
 * and search field paint before the JavaScript arrives. It is a placeholder (inert): the shell
 * removes it in the commit that puts the remote's own page on screen.
 */

/** Whether the request carries a session cookie (not whether it is valid: the guard decides). */
export function hasSessionCookie(cookieHeader: string | undefined, secure: boolean): boolean {
  return sessionCookie(cookieHeader, secure) !== undefined;
}

/**
 * The shell's HTML with the frame and page of `path` for this tenant and scheme, or null when
 * either has no render of that path, one does not fit the tenant's branding, the frame has no
 * slot or the HTML no root element. The HTML's preload hints stay: the page is not usable until
 * the app has started, and they bring that start forward.
 */
export function includeAppPage(
  shellHtml: string,
  frames: PrerenderedPages,
  pages: readonly PrerenderedPages[],
  path: string,
  branding: Branding,
  scheme: SchemeChoice,
  desktop = false,
): string | null {
  const page = pages.find((remote) => Object.hasOwn(remote.pages, path))?.pages[path];
  if (!page || !fitsBranding(page, branding)) return null;
  return includeInFrame(
    shellHtml,
    frameOf(frames, path, desktop),
    () => fillTokens(page, scheme, branding),
    { branding, scheme },
  );
}

/**
 * Whether the request comes from a desktop browser (its `Sec-CH-UA-Mobile: ?0` client hint,
 * which Chromium-based browsers send on every request): its window is almost always wider than
 * the frame's breakpoint. Browsers without the hint, and phones, get both layouts.
 */
export function isDesktop(mobileHint: string | string[] | undefined): boolean {
  return mobileHint === '?0';
}

/**
 * The frame of a page path: for a desktop browser its wide layout alone when the shell's build
 * wrote one (the page then goes into the HTML once), else both layouts.
 */
export function frameOf(
  frames: PrerenderedPages,
  path: string,
  desktop: boolean,
): PrerenderedPage | undefined {
  if (desktop && frames.wideFrames && Object.hasOwn(frames.wideFrames, path))
    return frames.wideFrames[path];
  return Object.hasOwn(frames.pages, path) ? frames.pages[path] : undefined;
}

/**
 * The shell's HTML with `frame` (the app bar and sidebar of one page path) around the page's
 * markup, inert before the root; null when there is no such frame, it does not fit the tenant's
 * branding, it has no slot or the HTML has no root element. The page's markup is made once and
 * goes into both of the frame's layouts.
 */
export function includeInFrame(
  shellHtml: string,
  frame: PrerenderedPage | undefined,
  pageMarkup: () => string,
  { branding, scheme }: { branding: Branding; scheme: SchemeChoice },
): string | null {
  if (!frame || !fitsBranding(frame, branding)) return null;
  const framed = fillTokens(frame, scheme, branding);
  if (!framed.includes(PRERENDER_SLOT)) return null;
  const page = pageMarkup();
  const markup = framed.replaceAll(PRERENDER_SLOT, () => page);
  return includeInShell(shellHtml, stylesFirst(markup), branding, { inert: true });
}

const STYLE_ELEMENT = /<style>([^<]*)<\/style>/g;

/**
 * Every style element of the markup moved to its start, each once (the page's styles come in
 * both layouts). With styles between the app bar and the page, the HTML parser could stop after
 * the app bar and paint it alone, leaving the heading for a later frame behind the app's own
 * start-up tasks.
 */
export function stylesFirst(markup: string): string {
  const styles = new Set<string>();
  const body = markup.replace(STYLE_ELEMENT, (_element, css: string) => {
    styles.add(css);
    return '';
  });
  return [...styles].map((css) => `<style>${css}</style>`).join('') + body;
}
