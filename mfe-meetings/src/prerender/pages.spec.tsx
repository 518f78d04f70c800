// @vitest-environment node
// In Node, as the build runs it: emotion then writes its styles into the markup.
import { PAGE_DATA_TOKENS, PRERENDERED_APP_PAGES_FILE } from '@meetings/contracts';
import { describe, expect, it } from 'vitest';
import render from './pages.js';

describe('the prerendered meetings list', () => {
  it('is the list before its data: heading and search field, no rows, no New Meeting yet', () => {
    const { [PRERENDERED_APP_PAGES_FILE]: file } = render();
    expect(Object.keys(file!.pages)).toEqual(['/app/meetings']);
    const page = file!.pages['/app/meetings']!;
    for (const markup of Object.values(page.schemes)) {
      expect(markup.match(/<h1[^>]*>Meetings<\/h1>/g)).toHaveLength(1);
      expect(markup).toContain('placeholder="Search meetings..."');
      expect(markup).not.toContain('New Meeting');
      expect(markup).not.toContain('<li');
    }
    expect(page.schemes.system).toContain('@media (prefers-color-scheme: dark){');
  });
});

describe('the prerendered meeting page', () => {
  const { [PRERENDERED_APP_PAGES_FILE]: file } = render();
  const template = file!.meeting!;
  const T = PAGE_DATA_TOKENS;

  it("is the read-only variant with a token for each of the meeting's fields and lists", () => {
    expect(template.framePath).toBe('/app/meetings');
    for (const markup of Object.values(template.page.schemes)) {
      expect(markup).toMatch(new RegExp(`<h1[^>]*>${T.title}</h1>`));
      for (const token of [T.sharedWith, T.agenda, T.actions])
        expect(markup.split(token)).toHaveLength(2);
      // The notes where the app shows them while the editor loads, marked busy.
      expect(markup).toMatch(
        new RegExp(`<div[^>]*data-testid="notes-preview" aria-busy="true">${T.notes}</div>`),
      );
      expect(markup).toContain('>Back to meetings</a>');
      // The date and time are placeholders: the server does not know the reader's time zone.
      expect(markup.match(/class="MuiSkeleton-root/g)).toHaveLength(2);
    }
  });

  it('has parts without the page baseline: items with their text as content and as name', () => {
    const { openItem, completedItem, hashtag, email } = template.parts;
    for (const [part, checked] of [
      [openItem, false],
      [completedItem, true],
    ] as const) {
      const markup = part.schemes.light.replace(/^<style>[^<]*<\/style>/, '');
      expect(markup.startsWith('<li>')).toBe(true);
      // gateway/src/meeting-page.ts puts the text with its hashtag chips in place of this span.
      expect(markup.split(`<span>${T.text}</span>`)).toHaveLength(2);
      expect(markup).toContain(`aria-label="${T.text}"`);
      expect(markup.includes('checked=""')).toBe(checked);
    }
    expect(hashtag.schemes.light).toContain(`data-hashtag="${T.hashtag}"`);
    expect(hashtag.schemes.light).toContain(`>#${T.hashtag}</span>`);
    expect(email.schemes.light).toMatch(new RegExp(`^<style>[^<]*</style><li>.*${T.text}`));
    for (const { list, empty } of Object.values(template.lists)) {
      expect(list.schemes.system).toMatch(
        new RegExp(`^<style>[^<]*</style><ul[^>]*>${T.items}</ul>$`),
      );
      expect(empty.schemes.light).not.toContain('__MK_');
    }
    expect(template.lists.agenda.empty.schemes.dark).toContain('No agenda items for this meeting');
    expect(template.lists.actions.list.schemes.light).toContain('aria-label="Actions"');
  });
});
