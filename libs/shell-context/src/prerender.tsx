// Build-time rendering of pages as static markup, for a server to put into the shell's HTML so
// they paint before any JavaScript has arrived (the landing page, the frame and pages of /app).
// Imported only by prerender modules, which the PrerenderPlugin (libs/federation) compiles for
// Node and runs once per production build; never part of a browser bundle.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { DEFAULT_BRANDING, type PrerenderedPage, type PrerenderedPages } from '@meetings/contracts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ShellContext } from './context.js';
import { createAppTheme } from './mui-theme.js';
import { MemoryRouter, Route, Routes } from './router.js';
import { createShellServices } from './services.js';
import type { ResolvedThemeMode } from './theme-store.js';

/** Stand-ins for the tenant's texts; the server fills in the request's (HTML-escaped). */
export const PRERENDER_TOKENS = {
  productName: '__MK_PRODUCT_NAME__',
  footerCredit: '__MK_FOOTER_CREDIT__',
} as const;

const STYLE_ELEMENT = /<style data-emotion="[^"]*">([^<]*)<\/style>/g;

/**
 * Emotion's server output has a <style data-emotion> element in front of each styled element
 * (~100 on the landing page). In the page they cost a style recalculation each, and the browser's
 * emotion moves every data-emotion element into <head> when it starts. One plain element, each
 * rule once.
 */
export function withStylesFirst(markup: string): string {
  const rules = new Set<string>();
  const body = markup.replace(STYLE_ELEMENT, (_element, css: string) => {
    rules.add(css);
    return '';
  });
  return `<style>${[...rules].join('')}</style>${body}`;
}

export interface RenderOptions {
  /** The router's location while rendering (routes and active links follow it). */
  path?: string;
  /**
   * What `useMediaQuery` answers (there is no viewport at build time): true renders the layout
   * of a screen every query matches; by default none matches.
   */
  mediaMatches?: boolean;
  /**
   * The scheme the shell's services report as the user's (what the theme toggle shows); default
   * the one rendered. See prerenderedPage.
   */
  controlsMode?: ResolvedThemeMode;
  /**
   * Whether the markup is wrapped in the baseline element (fonts, colours). A part of a page
   * that a server puts into the page's markup (an item of a list) leaves it out: it sits inside
   * the page's.
   */
  baseline?: boolean;
}

/** `page` as static markup under the shell's providers in one colour scheme, styles first. */
export function renderInScheme(
  page: ReactNode,
  mode: ResolvedThemeMode,
  { path = '/', mediaMatches = false, controlsMode = mode, baseline = true }: RenderOptions = {},
): string {
  const branding = { ...DEFAULT_BRANDING, ...PRERENDER_TOKENS };
  const services = createShellServices({ defaultThemeMode: controlsMode, branding });
  const theme = createAppTheme(branding, mode);
  theme.components = {
    ...theme.components,
    MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: () => ({ matches: mediaMatches }) } },
  };
  // Its own cache key: the page's emotion in the browser leaves these styles alone (they go when
  // the shell removes the included page) instead of adopting them as its own.
  const cache = createCache({ key: 'pre' });
  // Emotion on the server writes each style as a <style> element in front of its element.
  return withStylesFirst(
    renderToStaticMarkup(
      <CacheProvider value={cache}>
        <ShellContext.Provider value={services}>
          <ThemeProvider theme={theme}>
            {baseline ? (
              <ScopedCssBaseline enableColorScheme>
                <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
              </ScopedCssBaseline>
            ) : (
              <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
            )}
          </ThemeProvider>
        </ShellContext.Provider>
      </CacheProvider>,
    ),
  );
}

const STYLES_FIRST = /^<style>([^<]*)<\/style>/;
const START_TAG = /<[a-zA-Z][^>]*>/g;
const CLASS_OR_STYLE = /\s(class|style)="[^"]*"/g;
const PAGE_CLASS = /\.(pre-[\w-]+)/g;

function splitStyles(markup: string): { css: string; body: string } {
  const match = STYLES_FIRST.exec(markup);
  if (!match) throw new Error('prerender: the markup does not start with its styles');
  return { css: match[1]!, body: markup.slice(match[0].length) };
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';

const pageClasses = (tag: string) =>
  attribute(tag, 'class')
    .split(' ')
    .filter((c) => c.startsWith('pre-'));

/** An inline style attribute's declarations (MUI sets custom properties there). */
function declarations(style: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) result.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  return result;
}

function sameShape(light: string, dark: string): void {
  const [l, d] = [light.replace(CLASS_OR_STYLE, ''), dark.replace(CLASS_OR_STYLE, '')];
  if (l === d) return;
  let at = 0;
  while (l[at] === d[at]) at += 1;
  const around = (shape: string) => shape.slice(Math.max(0, at - 40), at + 60);
  throw new Error(
    `prerender: the light and dark pages differ in more than their styles: …${around(l)}… against …${around(d)}…`,
  );
}

/**
 * One markup for both schemes when the OS decides: the light page, its styles, then the dark
 * page's styles under a dark preference with each dark class renamed to the light class in the
 * same place (the two renders differ in colours only). What the dark page sets inline (MUI's
 * Paper overlay) becomes a rule for the element's class there. No second copy of the page.
 */
export function eitherScheme(light: string, dark: string): string {
  const l = splitStyles(light);
  const d = splitStyles(dark);
  sameShape(l.body, d.body);
  const darkTags = d.body.match(START_TAG) ?? [];
  const renamed = new Map<string, string>();
  const inlineByClass = new Map<string, string>();
  (l.body.match(START_TAG) ?? []).forEach((lightTag, i) => {
    const darkTag = darkTags[i]!;
    const lightClasses = pageClasses(lightTag);
    pageClasses(darkTag).forEach((darkClass, j) => {
      const lightClass = lightClasses[j];
      if (!lightClass || (renamed.get(darkClass) ?? lightClass) !== lightClass)
        throw new Error(`prerender: ${darkClass} has no single light counterpart`);
      renamed.set(darkClass, lightClass);
    });
    const lightStyle = declarations(attribute(lightTag, 'style'));
    const darkStyle = declarations(attribute(darkTag, 'style'));
    if ([...lightStyle.keys()].some((name) => !darkStyle.has(name)))
      throw new Error(`prerender: ${lightTag} sets a style the dark page does not`);
    const extra = [...darkStyle]
      .filter(([name, value]) => lightStyle.get(name) !== value)
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
    const owner = lightClasses.at(-1);
    if (!owner) {
      if (extra) throw new Error(`prerender: ${lightTag} has a dark inline style and no class`);
      return;
    }
    // Every element of a class must want the same (a rule applies to all of them).
    if ((inlineByClass.get(owner) ?? extra) !== extra)
      throw new Error(`prerender: elements of ${owner} differ in their dark inline styles`);
    inlineByClass.set(owner, extra);
  });
  const darkCss = d.css.replace(PAGE_CLASS, (all, name: string) => {
    const lightClass = renamed.get(name);
    return lightClass ? `.${lightClass}` : all;
  });
  const inlineCss = [...inlineByClass]
    .filter(([, extra]) => extra)
    .map(([name, extra]) => `.${name}{${extra}}`)
    .join('');
  return `<style>${l.css}@media (prefers-color-scheme: dark){${darkCss}${inlineCss}}</style>${l.body}`;
}

/**
 * A page prerendered in the default branding: light, dark and either-scheme markup made by
 * `renderScheme` (renderInScheme with the page and its options). The either-scheme markup is one
 * page with the dark styles under a media query, so controls that differ by scheme (the theme
 * toggle's icon and label) are rendered there as in the light page until the app takes over.
 */
export function prerenderedPage(
  renderScheme: (mode: ResolvedThemeMode, controlsMode: ResolvedThemeMode) => string,
): PrerenderedPage {
  const light = renderScheme('light', 'light');
  const dark = renderScheme('dark', 'dark');
  return {
    version: 1,
    colours: {
      primaryColor: DEFAULT_BRANDING.primaryColor,
      ...(DEFAULT_BRANDING.secondaryColor
        ? { secondaryColor: DEFAULT_BRANDING.secondaryColor }
        : {}),
    },
    tokens: { ...PRERENDER_TOKENS },
    schemes: { light, dark, system: eitherScheme(light, renderScheme('dark', 'light')) },
  };
}

/**
 * `node` prerendered at `path` in every scheme. `baseline: false` for a part a server puts into a
 * page's markup (an item of a list): it sits inside the page's baseline element.
 */
export function prerenderedNode(
  node: ReactNode,
  { path, baseline = true }: { path: string; baseline?: boolean },
): PrerenderedPage {
  return prerenderedPage((mode, controlsMode) =>
    renderInScheme(node, mode, { path, controlsMode, baseline }),
  );
}

/**
 * A remote's page under /app before its data (its app-pages.prerender.json): its app mounted at
 * `path` as the shell mounts it, so the remote's relative routes pick the page.
 */
export function prerenderedAppPages(path: string, app: ReactNode): PrerenderedPages {
  const page = (
    <Routes>
      <Route path={`${path}/*`} element={app} />
    </Routes>
  );
  return {
    version: 1,
    pages: {
      [path]: prerenderedPage((mode, controlsMode) =>
        renderInScheme(page, mode, { path, controlsMode }),
      ),
    },
  };
}
