// Built for Node by the PrerenderPlugin (libs/federation) and run once per production build: the
// app bar and sidebar of /app pages as static markup, with PRERENDER_SLOT where the page goes.
// The shell's server fills the slot with a remote's prerendered page (gateway/src/app-page.ts).
import {
  NARROW_SCREEN_BREAKPOINT_PX,
  PRERENDER_SLOT,
  PRERENDERED_APP_FRAME_FILE,
  type PrerenderedPage,
  type PrerenderedPages,
} from '@meetings/contracts';
import { prerenderedPage, renderInScheme } from '@meetings/shell-context/prerender';
import { Route, Routes } from '@meetings/shell-context/router';
import { AppChrome } from '../chrome/AppChrome.js';
import { NAV_ITEMS } from '../chrome/navigation.js';
import { Paths } from '../routing/paths.js';

// Classes outside emotion's `pre-` names, so merging the schemes leaves them alone.
const WIDE = 'mk-frame-wide';
const NARROW = 'mk-frame-narrow';

/**
 * The app bar picks its layout with a media query in JavaScript, which the server cannot answer:
 * both layouts go into the page and CSS shows the one for the screen, at the same breakpoint.
 */
export function eitherWidth(wide: string, narrow: string): string {
  const below = NARROW_SCREEN_BREAKPOINT_PX - 0.05;
  return (
    `<style>@media (max-width:${below}px){.${WIDE}{display:none}}` +
    `@media (min-width:${NARROW_SCREEN_BREAKPOINT_PX}px){.${NARROW}{display:none}}</style>` +
    `<div class="${WIDE}">${wide}</div><div class="${NARROW}">${narrow}</div>`
  );
}

function framesFor(path: string): { either: PrerenderedPage; wide: PrerenderedPage } {
  const chrome = (
    <Routes>
      <Route path={Paths.app} element={<AppChrome />}>
        <Route path="*" element={PRERENDER_SLOT} />
      </Route>
    </Routes>
  );
  const layout = (mediaMatches: boolean) =>
    prerenderedPage((mode, controlsMode) =>
      renderInScheme(chrome, mode, { path, mediaMatches, controlsMode }),
    );
  const wide = layout(true);
  const narrow = layout(false);
  const schemes = (narrowOf: (scheme: keyof PrerenderedPage['schemes']) => string) => ({
    light: eitherWidth(wide.schemes.light, narrowOf('light')),
    dark: eitherWidth(wide.schemes.dark, narrowOf('dark')),
    system: eitherWidth(wide.schemes.system, narrowOf('system')),
  });
  return {
    either: { ...wide, schemes: schemes((scheme) => narrow.schemes[scheme]) },
    wide: { ...wide, schemes: schemes(() => '') },
  };
}

/** The files the build writes beside the shell's assets (libs/federation PrerenderPlugin). */
export default function render(): Record<string, PrerenderedPages> {
  const frames = NAV_ITEMS.map((item) => [item.to, framesFor(item.to)] as const);
  return {
    [PRERENDERED_APP_FRAME_FILE]: {
      version: 1,
      pages: Object.fromEntries(frames.map(([path, { either }]) => [path, either])),
      wideFrames: Object.fromEntries(frames.map(([path, { wide }]) => [path, wide])),
    },
  };
}
