// @vitest-environment node
// In Node, as the build runs it: emotion then writes its styles into the markup.
import { describe, expect, it } from 'vitest';
import render, { eitherScheme, withStylesFirst } from './landing.js';

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

  it('refuses to merge pages that differ in more than their styles', () => {
    expect(() =>
      eitherScheme(
        '<style>.pre-a{}</style><p class="pre-a">x</p>',
        '<style>.pre-b{}</style><p class="pre-b">y</p>',
      ),
    ).toThrow(/differ/);
    expect(
      eitherScheme(
        '<style>.pre-a{color:#000}</style><p class="pre-a">x</p>',
        '<style>.pre-b{color:#fff}</style><p class="pre-b">x</p>',
      ),
    ).toBe(
      '<style>.pre-a{color:#000}@media (prefers-color-scheme: dark){.pre-a{color:#fff}}</style><p class="pre-a">x</p>',
    );
  });

  it('gathers emotion style elements into one, each rule once', () => {
    expect(
      withStylesFirst(
        '<style data-emotion="pre a">.a{}</style><p class="a"></p><style data-emotion="pre a b">.a{}</style><style data-emotion="pre b">.b{}</style><i class="b"></i>',
      ),
    ).toBe('<style>.a{}.b{}</style><p class="a"></p><i class="b"></i>');
  });
});
