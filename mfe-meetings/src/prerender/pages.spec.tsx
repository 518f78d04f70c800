// @vitest-environment node
// In Node, as the build runs it: emotion then writes its styles into the markup.
import { PRERENDERED_APP_PAGES_FILE } from '@meetings/contracts';
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
