import { afterEach, describe, expect, it } from 'vitest';
import { focusNextAfter, leaveOnEscape } from './leave-editor.js';

afterEach(() => {
  document.body.replaceChildren();
});

function page(html: string) {
  document.body.innerHTML = html;
  const area = document.getElementById('area')!;
  const editor = document.getElementById('editor')!;
  return { area, editor };
}

describe('leaving the notes editor', () => {
  it('Escape moves the focus to the first control after the editor, not one inside it', () => {
    const { area, editor } = page(`
      <button id="before">Before</button>
      <div id="area"><div id="toolbar"><button>Bold</button></div>
        <div id="editor" contenteditable="true" tabindex="0"></div></div>
      <button id="hidden" hidden>Hidden</button>
      <button id="skipped" tabindex="-1">Skipped</button>
      <button id="copy">Copy actions</button>`);
    const stop = leaveOnEscape(editor, area);
    editor.focus();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    editor.dispatchEvent(escape);
    expect(document.activeElement?.id).toBe('copy');
    expect(escape.defaultPrevented).toBe(true);
    expect(editor.getAttribute('aria-keyshortcuts')).toBe('Escape');
    stop();
  });

  it('other keys stay in the editor, and with nothing after it the focus stays too', () => {
    const { area, editor } = page(
      `<div id="area"><div id="editor" contenteditable="true" tabindex="0"></div></div>`,
    );
    leaveOnEscape(editor, area);
    editor.focus();
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(document.activeElement).toBe(editor);
    expect(focusNextAfter(area)).toBe(false);
    expect(document.activeElement).toBe(editor);
  });
});
