import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import {
  APP_ROOT_ID,
  PRERENDERED_PAGE_ID,
  THEME_COOKIE,
  type Branding,
  type PrerenderedActionsPage,
  type PrerenderedMeetingPage,
  type PrerenderedPage,
  type PrerenderedPages,
} from '@meetings/contracts';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { cookieValue } from './cookies.js';

/**
 * Pages the front ends render at build time (the landing page, the app frame and /app pages),
 * put into the shell's HTML so they paint as soon as it has arrived instead of after the
 * JavaScript (on a slow network several seconds later). The shell removes them when its own
 * render of the page commits. What is shared by every such page: reading them, checking they fit
 * the tenant, filling in its texts and putting the markup into the HTML.
 */

export const PrerenderedPageSchema: z.ZodType<PrerenderedPage> = z.object({
  version: z.literal(1),
  colours: z.object({ primaryColor: z.string(), secondaryColor: z.string().optional() }),
  tokens: z.object({ productName: z.string().min(8), footerCredit: z.string().min(8) }),
  schemes: z.object({ light: z.string(), dark: z.string(), system: z.string() }),
});

const ListSchema = z.object({ list: PrerenderedPageSchema, empty: PrerenderedPageSchema });

export const PrerenderedMeetingPageSchema: z.ZodType<PrerenderedMeetingPage> = z.object({
  framePath: z.string().startsWith('/'),
  page: PrerenderedPageSchema,
  parts: z.object({
    email: PrerenderedPageSchema,
    openItem: PrerenderedPageSchema,
    completedItem: PrerenderedPageSchema,
    hashtag: PrerenderedPageSchema,
  }),
  lists: z.object({ sharedWith: ListSchema, agenda: ListSchema, actions: ListSchema }),
});

export const PrerenderedActionsPageSchema: z.ZodType<PrerenderedActionsPage> = z.object({
  page: PrerenderedPageSchema,
  parts: z.object({
    group: PrerenderedPageSchema,
    openItem: PrerenderedPageSchema,
    completedItem: PrerenderedPageSchema,
    hashtag: PrerenderedPageSchema,
  }),
});

export const PrerenderedPagesSchema: z.ZodType<PrerenderedPages> = z.object({
  version: z.literal(1),
  pages: z.record(z.string().startsWith('/'), PrerenderedPageSchema),
  wideFrames: z.record(z.string().startsWith('/'), PrerenderedPageSchema).optional(),
  meeting: PrerenderedMeetingPageSchema.optional(),
  actions: PrerenderedActionsPageSchema.optional(),
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

/** The page's markup in a scheme with the tenant's texts (HTML-escaped) in place of its tokens. */
export function fillTokens(
  page: PrerenderedPage,
  scheme: SchemeChoice,
  branding: Branding,
): string {
  const productName = escapeHtml(branding.productName);
  const footerCredit = escapeHtml(branding.footerCredit);
  // Replacer functions: a `$&` in a product name is text, not a replacement pattern.
  return page.schemes[scheme]
    .replaceAll(page.tokens.productName, () => productName)
    .replaceAll(page.tokens.footerCredit, () => footerCredit);
}

// CssBaseline's body margin, before the app's own baseline has loaded.
const BASE_STYLE = '<style>body{margin:0}</style>';

const ROOT = `<div id="${APP_ROOT_ID}"></div>`;

export interface IncludeOptions {
  /** A placeholder until the app takes over: not focusable or clickable (its links do not work). */
  inert?: boolean;
}

/**
 * The shell's HTML with `markup` painted before its root element and the tenant's product name as
 * title, or null when the HTML has no root element to put it before.
 */
export function includeInShell(
  shellHtml: string,
  markup: string,
  branding: Branding,
  { inert = false }: IncludeOptions = {},
): string | null {
  if (!shellHtml.includes(ROOT)) return null;
  const productName = escapeHtml(branding.productName);
  const open = `<div id="${PRERENDERED_PAGE_ID}"${inert ? ' inert' : ''}>`;
  return shellHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${productName}</title>`)
    .replace(ROOT, () => `${open}${BASE_STYLE}${markup}</div>${ROOT}`);
}

export interface PrerenderSourceOptions {
  /** How long a page fetched from a URL is used before it is fetched again. */
  refreshMs?: number;
  /** How long the first request of a process waits for the page before serving the plain shell. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  onError?: (error: unknown) => void;
}

/**
 * Where a prerendered file comes from: a file (a served build, re-read when a redeploy rewrites
 * it) or a URL (the front end's own Deployment, re-fetched every refreshMs, the last good copy
 * kept while it cannot be reached). A missing or malformed file means null: the shell is served
 * without it, as before there was one.
 */
export class PrerenderSource<T> {
  private cached: { page: T | null; key: string; at: number } | null = null;
  private pending: Promise<void> | null = null;
  private readonly refreshMs: number;
  private readonly timeoutMs: number;
  private readonly isUrl: boolean;

  constructor(
    readonly location: string,
    private readonly schema: z.ZodType<T>,
    private readonly options: PrerenderSourceOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 30_000;
    this.timeoutMs = options.timeoutMs ?? 1_000;
    this.isUrl = /^https?:\/\//.test(location);
  }

  /** The page with a key that changes when it does (for caching what is built from it). */
  async get(): Promise<{ page: T; key: string } | null> {
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

  private parse(text: string): T | null {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const result = this.schema.safeParse(json);
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
