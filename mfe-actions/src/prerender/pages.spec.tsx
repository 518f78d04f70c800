// @vitest-environment node
// In Node, as the build runs it: emotion then writes its styles into the markup.
import { ListMessages, PRERENDERED_APP_PAGES_FILE } from '@meetings/contracts';
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
