import { afterEach, describe, expect, it } from 'vitest';
import { holdPrerenderedPage, removePrerenderedPage } from './prerendered-page.js';
import { serverRenderedPage as serverPage } from './testing.js';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the page the server put into the HTML', () => {
  it('goes at the first removal when nobody holds it', () => {
    const { page, root } = serverPage();
    removePrerenderedPage();
    expect(page.isConnected).toBe(false);
    expect(root.hidden).toBe(false);
  });

  it('stays while held, the app hidden, until its holder (or a failure notice) removes it', () => {
    const { page, root } = serverPage();
    holdPrerenderedPage();
    expect(root.hidden).toBe(true);
    removePrerenderedPage();
    expect(page.isConnected).toBe(true);
    expect(root.hidden).toBe(true);
    removePrerenderedPage({ evenIfHeld: true });
    expect(page.isConnected).toBe(false);
    expect(root.hidden).toBe(false);
  });

  it('is nothing to hold or remove when the HTML had none', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    holdPrerenderedPage();
    removePrerenderedPage({ evenIfHeld: true });
    expect(root.hidden).toBe(false);
  });
});
