import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_BRANDING,
  PAGE_DATA_TOKENS as T,
  PRERENDER_SLOT,
  type PrerenderedActionsPage,
  type PrerenderedMeetingPage,
  type PrerenderedPage,
  type PrerenderedPages,
} from '@meetings/contracts';

/**
 * Small stand-ins for the pages the front ends prerender at build time (the real ones need a
 * production build), in the shape the shell's server reads, for its tests.
 */

/** A page in the default branding whose markup per scheme `markup` gives. */
export function testPrerenderedPage(markup: (scheme: string) => string): PrerenderedPage {
  return {
    version: 1,
    colours: {
      primaryColor: DEFAULT_BRANDING.primaryColor,
      ...(DEFAULT_BRANDING.secondaryColor
        ? { secondaryColor: DEFAULT_BRANDING.secondaryColor }
        : {}),
    },
    tokens: { productName: '__MK_PRODUCT_NAME__', footerCredit: '__MK_FOOTER_CREDIT__' },
    schemes: { light: markup('light'), dark: markup('dark'), system: markup('system') },
  };
}

const fixed = (markup: string) => testPrerenderedPage(() => markup);

/** The shell's app frames of `/app/meetings` and `/app/actions`: a header around the slot. */
export function testAppFrames(): PrerenderedPages {
  return {
    version: 1,
    pages: {
      '/app/meetings': testPrerenderedPage(
        (scheme) =>
          `<style>.frame{}</style><header class="${scheme}">__MK_PRODUCT_NAME__</header><main>${PRERENDER_SLOT}</main>`,
      ),
      '/app/actions': fixed(`<header>__MK_PRODUCT_NAME__</header><main>${PRERENDER_SLOT}</main>`),
    },
    // What a desktop browser gets (the shell's wide layout alone).
    wideFrames: {
      '/app/meetings': fixed(
        `<header class="wide">__MK_PRODUCT_NAME__</header><main>${PRERENDER_SLOT}</main>`,
      ),
    },
  };
}

/** A meeting page template with the tokens and parts mfe-meetings' has, in plain markup. */
export function testMeetingTemplate(): PrerenderedMeetingPage {
  const list = (name: string, empty: string) => ({
    list: fixed(`<style>.list{}</style><ul aria-label="${name}">${T.items}</ul>`),
    empty: fixed(`<p class="empty">${empty}</p>`),
  });
  return {
    framePath: '/app/meetings',
    page: testPrerenderedPage(
      (scheme) =>
        `<style>.meeting{}</style><article class="${scheme}"><h1>${T.title}</h1>` +
        `<section>${T.sharedWith}</section><section>${T.agenda}</section>` +
        `<div data-testid="notes-preview">${T.notes}</div><section>${T.actions}</section></article>`,
    ),
    parts: {
      email: fixed(`<li class="email">${T.text}</li>`),
      openItem: fixed(
        `<style>.row{}</style><li><input type="checkbox" aria-label="${T.text}"/><span class="text"><span>${T.text}</span></span></li>`,
      ),
      completedItem: fixed(
        `<style>.row{}</style><li><input type="checkbox" checked="" aria-label="${T.text}"/><span class="done"><span>${T.text}</span></span></li>`,
      ),
      hashtag: fixed(`<span class="chip" data-hashtag="${T.hashtag}">#${T.hashtag}</span>`),
    },
    lists: {
      sharedWith: list('Shared with', 'Not shared with anyone'),
      agenda: list('Agenda', 'No agenda items'),
      actions: list('Actions', 'No actions'),
    },
  };
}

/** An actions page template with the tokens and parts mfe-actions' has, in plain markup. */
export function testActionsTemplate(): PrerenderedActionsPage {
  const row = (checked: string) =>
    fixed(
      `<li><input type="checkbox"${checked} aria-label="${T.text}"/><span class="text"><span>${T.text}</span></span></li>`,
    );
  return {
    page: fixed(`<h1>Actions</h1><div class="groups">${T.groups}</div>`),
    parts: {
      group: fixed(
        `<section aria-labelledby="a-${T.id}"><h2 id="a-${T.id}"><a href="/app/meetings/${T.id}">${T.title}</a></h2><ul>${T.items}</ul></section>`,
      ),
      openItem: row(''),
      completedItem: row(' checked=""'),
      hashtag: fixed(`<span class="chip" data-hashtag="${T.hashtag}">#${T.hashtag}</span>`),
    },
  };
}

/**
 * Built front ends in a temporary folder, as the shell's server reads them: the shell's HTML
 * (index.html, and app.html when given) with these app frames, mfe-meetings with its list page
 * and meeting template, mfe-actions with its actions template.
 */
export function writeTestFrontEnds(html: { index: string; app?: string }): {
  shellDir: string;
  meetingsDir: string;
  actionsDir: string;
} {
  const root = mkdtempSync(join(tmpdir(), 'front-ends-'));
  const dirs = {
    shellDir: join(root, 'shell'),
    meetingsDir: join(root, 'mfe-meetings'),
    actionsDir: join(root, 'mfe-actions'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir);
  writeFileSync(join(dirs.shellDir, 'index.html'), html.index);
  if (html.app) writeFileSync(join(dirs.shellDir, 'app.html'), html.app);
  writeFileSync(join(dirs.shellDir, 'app-frame.prerender.json'), JSON.stringify(testAppFrames()));
  const pages = (content: object) => JSON.stringify({ version: 1, pages: {}, ...content });
  writeFileSync(
    join(dirs.meetingsDir, 'app-pages.prerender.json'),
    pages({
      pages: { '/app/meetings': testPrerenderedPage(() => '<h1>Meetings</h1>') },
      meeting: testMeetingTemplate(),
    }),
  );
  writeFileSync(
    join(dirs.actionsDir, 'app-pages.prerender.json'),
    pages({ actions: testActionsTemplate() }),
  );
  return dirs;
}
