import type { Branding, PrerenderedPage } from '@meetings/contracts';
import {
  fillTokens,
  fitsBranding,
  includeInShell,
  PrerenderedPageSchema,
  PrerenderSource,
  type PrerenderSourceOptions,
  type SchemeChoice,
} from './prerendered-page.js';

/**
 * The landing page mfe-onboarding renders at build time, put into the shell's index.html for `/`
 * so the page paints as soon as the HTML has arrived instead of after the JavaScript.
 */

/**
 * The shell's HTML with the landing page included for this tenant and scheme, or null when the
 * page does not fit the tenant's branding or the HTML has no root element to put it before.
 * `shellHtml` is the build's landing.html when it has one: a static page that does not start the
 * app (the landing page's links are plain links) and has no preload hints, which would only delay
 * the paint of a page already in the HTML; after the load it prefetches the start's files for the
 * sign-in page (BootPreloadPlugin `staticPages`, bench/README.md changes 26 and 27). A tenant the
 * page does not fit gets index.html, where the app starts and renders the page itself.
 */
export function includeLandingPage(
  shellHtml: string,
  page: PrerenderedPage,
  branding: Branding,
  scheme: SchemeChoice,
): string | null {
  if (!fitsBranding(page, branding)) return null;
  return includeInShell(shellHtml, fillTokens(page, scheme, branding), branding);
}

/** mfe-onboarding's landing.prerender.json, from its served build or its own Deployment. */
export class LandingPageSource extends PrerenderSource<PrerenderedPage> {
  constructor(location: string, options: PrerenderSourceOptions = {}) {
    super(location, PrerenderedPageSchema, options);
  }
}
