// @vitest-environment node
// In Node, as the build runs it: emotion then writes its styles into the markup.
import { describe, expect, it } from 'vitest';
import render from './landing.js';

describe('the prerendered landing page', () => {
  it('renders the page in both schemes with branding tokens and one style element first', () => {
    const { 'landing.prerender.json': page } = render();
    expect(page?.version).toBe(1);
    expect(page?.colours.primaryColor).toBe('#1f5fbf');
    for (const markup of Object.values(page!.schemes)) {
      expect(markup.startsWith('<style>.pre-')).toBe(true);
      expect(markup.match(/<style/g)).toHaveLength(1);
      expect(markup).not.toContain('data-emotion');
      expect(markup).toContain('<h1');
      expect(markup).toContain('Meetings that lead somewhere');
      expect(markup).toContain(`${page!.tokens.productName} keeps agendas`);
      expect(markup).toContain(page!.tokens.footerCredit);
      // Plain links: the page works before any JavaScript runs.
      expect(markup.match(/href="\/login"/g)).toHaveLength(3);
    }
    expect(page!.schemes.light).toContain('background-color:#fff');
    expect(page!.schemes.dark).toContain('background-color:#121212');
    // Either scheme: the light page, with the dark styles renamed to its classes.
    const { light, system } = page!.schemes;
    expect(system.replace(/<style>[^<]*<\/style>/, '')).toBe(
      light.replace(/<style>[^<]*<\/style>/, ''),
    );
    const darkPart = system.slice(system.indexOf('@media (prefers-color-scheme: dark){'));
    expect(darkPart).toContain('background-color:#121212');
    // Every class on the dark page's elements is renamed to its light counterpart.
    const classesOn = (markup: string) =>
      new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ')));
    const lightClasses = classesOn(page!.schemes.light);
    for (const name of classesOn(page!.schemes.dark))
      if (name.startsWith('pre-') && !lightClasses.has(name))
        expect(darkPart).not.toContain(`.${name}{`);
  });
});
