// @vitest-environment node
// In Node, as the build runs it: emotion then writes its styles into the markup.
import { ListMessages, PAGE_DATA_TOKENS, PRERENDERED_APP_PAGES_FILE } from '@meetings/contracts';
import { describe, expect, it } from 'vitest';
import render from './pages.js';

describe('the prerendered actions page', () => {
  it('is the page before its data: heading, search field and switch, no actions', () => {
    const { [PRERENDERED_APP_PAGES_FILE]: file } = render();
    expect(Object.keys(file!.pages)).toEqual(['/app/actions']);
    const page = file!.pages['/app/actions']!;
    for (const markup of Object.values(page.schemes)) {
      expect(markup.match(/<h1[^>]*>Actions<\/h1>/g)).toHaveLength(1);
      expect(markup).toContain('role="combobox"');
      expect(markup).toContain(ListMessages.showCompleted);
      expect(markup).not.toContain('type="checkbox" checked');
    }
  });
});

describe('the prerendered actions page with data', () => {
  const { [PRERENDERED_APP_PAGES_FILE]: file } = render();
  const template = file!.actions!;
  const T = PAGE_DATA_TOKENS;

  it('is the page with a token where the first page of meetings goes', () => {
    for (const markup of Object.values(template.page.schemes)) {
      expect(markup.match(/<h1[^>]*>Actions<\/h1>/g)).toHaveLength(1);
      expect(markup.split(T.groups)).toHaveLength(2);
    }
  });

  it('has parts without the page baseline: a meeting linking to it, its actions', () => {
    const { group, openItem, completedItem, hashtag } = template.parts;
    const bare = (markup: string) => markup.replace(/^<style>[^<]*<\/style>/, '');
    expect(bare(group.schemes.light)).toMatch(/^<section/);
    expect(group.schemes.light).toContain(`href="/app/meetings/${T.id}"`);
    expect(group.schemes.light).toContain(`aria-labelledby="actions-${T.id}"`);
    expect(group.schemes.light).toMatch(new RegExp(`>${T.title} - <span[^>]*MuiSkeleton`));
    expect(group.schemes.light.split(T.items)).toHaveLength(2);
    for (const [part, checked] of [
      [openItem, false],
      [completedItem, true],
    ] as const) {
      expect(bare(part.schemes.dark).startsWith('<li>')).toBe(true);
      expect(part.schemes.dark.split(`<span>${T.text}</span>`)).toHaveLength(2);
      expect(part.schemes.dark.includes('checked=""')).toBe(checked);
    }
    expect(hashtag.schemes.system).toContain(`data-hashtag="${T.hashtag}"`);
  });
});
