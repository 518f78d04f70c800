// @vitest-environment node
// In Node, as the build runs it: emotion then writes its styles into the markup.
import { PRERENDER_SLOT, PRERENDERED_APP_FRAME_FILE } from '@meetings/contracts';
import { describe, expect, it } from 'vitest';
import render from './frame.js';

describe('the prerendered app frame', () => {
  const { [PRERENDERED_APP_FRAME_FILE]: frames } = render();

  it('has a frame per sidebar entry, each with the slot once per layout and the nav marked', () => {
    expect(Object.keys(frames!.pages)).toEqual(['/app/meetings', '/app/actions']);
    for (const [path, frame] of Object.entries(frames!.pages)) {
      for (const markup of Object.values(frame.schemes)) {
        // Wide (sidebar) and narrow (icons in the top bar), one shown by CSS.
        expect(markup.split(PRERENDER_SLOT)).toHaveLength(3);
        expect(markup).toContain('<main class=');
        expect(markup).toContain('@media (min-width:768px){.mk-frame-narrow{display:none}}');
        expect(markup).toContain(frame.tokens.productName);
        // The page's entry marked in both layouts (the sidebar and the top bar's icons).
        const current = markup.match(/<a [^>]*aria-current="page"[^>]*>/g) ?? [];
        expect(current).toHaveLength(2);
        for (const link of current) expect(link).toContain(`href="${path}"`);
        expect(markup.match(/<nav [^>]*aria-label="Main"/g)).toHaveLength(2);
        // The plan is the user's: the badge comes when the app has asked for it.
        expect(markup).not.toContain('Trial');
      }
      expect(frame.schemes.dark).toContain('aria-label="Switch to light theme"');
      expect(frame.schemes.light).toContain('aria-label="Switch to dark theme"');
    }
  });

  it('has each frame in its wide layout alone too, for desktop browsers', () => {
    expect(Object.keys(frames!.wideFrames!)).toEqual(['/app/meetings', '/app/actions']);
    for (const [path, wide] of Object.entries(frames!.wideFrames!)) {
      const either = frames!.pages[path]!;
      for (const scheme of ['light', 'dark', 'system'] as const) {
        const markup = wide.schemes[scheme];
        expect(markup.split(PRERENDER_SLOT)).toHaveLength(2);
        expect(markup).toContain('MuiListItemText');
        // The same wide layout, the narrow one left out (hidden below the breakpoint as before).
        expect(markup).toContain('<div class="mk-frame-narrow"></div>');
        const narrowAt = either.schemes[scheme].indexOf('<div class="mk-frame-narrow">');
        expect(markup.startsWith(either.schemes[scheme].slice(0, narrowAt))).toBe(true);
      }
    }
  });

  it('puts the sidebar in the wide layout only', () => {
    const markup = frames!.pages['/app/meetings']!.schemes.light;
    const narrowAt = markup.indexOf('<div class="mk-frame-narrow">');
    const wide = markup.slice(0, narrowAt);
    const narrow = markup.slice(narrowAt);
    expect(wide).toContain('MuiListItemText');
    expect(narrow).not.toContain('MuiListItemText');
    expect(narrow).toContain('aria-label="Meetings"');
  });
});
