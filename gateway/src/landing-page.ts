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
 */
export function includeLandingPage(
  indexHtml: string,
  page: PrerenderedPage,
  branding: Branding,
  scheme: SchemeChoice,
): string | null {
  if (!fitsBranding(page, branding)) return null;
  // With the page already in the HTML the preload hints only hurt: arriving early, they let
  // main.js run before the first paint (first paint 0.9 -> 1.5 s on slow 4G with 4x CPU
  // slow-down, bench/README.md change 23).
  return includeInShell(indexHtml, fillTokens(page, scheme, branding), branding, {
    dropPreloads: true,
  });
}

/** mfe-onboarding's landing.prerender.json, from its served build or its own Deployment. */
export class LandingPageSource extends PrerenderSource<PrerenderedPage> {
  constructor(location: string, options: PrerenderSourceOptions = {}) {
    super(location, PrerenderedPageSchema, options);
  }
}
