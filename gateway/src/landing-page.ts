import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import {
  PRERENDERED_PAGE_ID,
  THEME_COOKIE,
  type Branding,
  type PrerenderedPage,
} from '@meetings/contracts';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { cookieValue } from './cookies.js';

/**
 * The landing page mfe-onboarding renders at build time, put into the shell's index.html for `/`
 * so the page paints as soon as the HTML has arrived instead of after the JavaScript (on a slow
 * network several seconds later). The shell removes it when its own render of the page commits.
 */

const PrerenderedPageSchema = z.object({
  version: z.literal(1),
  colours: z.object({ primaryColor: z.string(), secondaryColor: z.string().optional() }),
  tokens: z.object({ productName: z.string().min(8), footerCredit: z.string().min(8) }),
  schemes: z.object({ light: z.string(), dark: z.string(), system: z.string() }),
});

export type SchemeChoice = 'light' | 'dark' | 'system';

/** The user's pick from the theme cookie; anything else follows the OS. */
export function schemeChoice(cookieHeader: string | undefined): SchemeChoice {
  const value = cookieValue(cookieHeader, [THEME_COOKIE]);
  return value === 'light' || value === 'dark' ? value : 'system';
}

const sameColour = (a: string | undefined, b: string | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** Whether the page's baked-in styles are this tenant's (colours; it was rendered without a logo). */
export function fitsBranding(page: PrerenderedPage, branding: Branding): boolean {
  return (
    !branding.logoUrl &&
    sameColour(page.colours.primaryColor, branding.primaryColor) &&
    sameColour(page.colours.secondaryColor, branding.secondaryColor)
  );
}

// CssBaseline's body margin, before the app's own baseline has loaded.
const BASE_STYLE = '<style>body{margin:0}</style>';

const ROOT = '<div id="root"></div>';

/**
 * The shell's HTML preloads the files its start needs (libs/federation BootPreloadPlugin). With the
 * page already in the HTML they only hurt: arriving early, they let main.js run before the first
 * paint (first paint 0.9 -> 1.5 s on slow 4G with 4x CPU slow-down, bench/README.md change 23).
 */
const PRELOAD_LINK = /<link\b[^>]*\brel="?preload"?[^>]*>/g;

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
  if (!fitsBranding(page, branding) || !indexHtml.includes(ROOT)) return null;
  const productName = escapeHtml(branding.productName);
  const fill = (html: string) =>
    html
      .replaceAll(page.tokens.productName, () => productName)
      .replaceAll(page.tokens.footerCredit, () => escapeHtml(branding.footerCredit));
  const body = BASE_STYLE + fill(page.schemes[scheme]);
  // Replacer functions: a `$&` in a product name is text, not a replacement pattern.
  return indexHtml
    .replace(PRELOAD_LINK, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${productName}</title>`)
    .replace(ROOT, () => `<div id="${PRERENDERED_PAGE_ID}">${body}</div>${ROOT}`);
}

export interface LandingPageSourceOptions {
  /** How long a page fetched from a URL is used before it is fetched again. */
  refreshMs?: number;
  /** How long the first request of a process waits for the page before serving the plain shell. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  onError?: (error: unknown) => void;
}

/**
 * Where the prerendered page comes from: a file (the served mfe-onboarding build, re-read when a
 * redeploy rewrites it) or a URL (mfe-onboarding's own Deployment, re-fetched every refreshMs,
 * the last good copy kept while it cannot be reached). A missing or malformed page means null:
 * the shell is served without it, as before there was one.
 */
export class LandingPageSource {
  private cached: { page: PrerenderedPage | null; key: string; at: number } | null = null;
  private pending: Promise<void> | null = null;
  private readonly refreshMs: number;
  private readonly timeoutMs: number;
  private readonly isUrl: boolean;

  constructor(
    private readonly location: string,
    private readonly options: LandingPageSourceOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 30_000;
    this.timeoutMs = options.timeoutMs ?? 1_000;
    this.isUrl = /^https?:\/\//.test(location);
  }

  /** The page with a key that changes when it does (for caching what is built from it). */
  async get(): Promise<{ page: PrerenderedPage; key: string } | null> {
    if (this.isUrl) {
      const stale = !this.cached || Date.now() - this.cached.at >= this.refreshMs;
      if (stale) {
        this.pending ??= this.fetchPage().finally(() => (this.pending = null));
        // Only a process with nothing yet waits; later refreshes happen behind the last copy.
        if (!this.cached) await this.pending;
      }
    } else {
      await this.readFile();
    }
    const cached = this.cached;
    return cached?.page ? { page: cached.page, key: cached.key } : null;
  }

  private async readFile(): Promise<void> {
    try {
      const { mtimeMs } = await stat(this.location);
      const key = `file:${mtimeMs}`;
      if (this.cached?.key === key) return;
      const page = this.parse(await readFile(this.location, 'utf8'));
      this.cached = { page, key, at: Date.now() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.options.onError?.(error);
      this.cached = null;
    }
  }

  private async fetchPage(): Promise<void> {
    const doFetch = this.options.fetch ?? globalThis.fetch;
    try {
      const response = await doFetch(this.location, {
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new Error(`${this.location} answered ${response.status}`);
      const text = await response.text();
      const key = `url:${digest(text)}`;
      this.cached = {
        page: this.cached?.key === key ? this.cached.page : this.parse(text),
        key,
        at: Date.now(),
      };
    } catch (error) {
      this.options.onError?.(error);
      // Keep the last good copy; try again after refreshMs (a process with none serves without).
      this.cached = this.cached
        ? { ...this.cached, at: Date.now() }
        : { page: null, key: 'none', at: Date.now() };
    }
  }

  private parse(text: string): PrerenderedPage | null {
    const result = PrerenderedPageSchema.safeParse(JSON.parse(text));
    if (!result.success) {
      this.options.onError?.(new Error(`${this.location} is not a prerendered page`));
      return null;
    }
    return result.data;
  }
}

export function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 27);
}
