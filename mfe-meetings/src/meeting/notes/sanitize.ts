import DOMPurify from 'dompurify';

// The notes editor's formats (its toolbar); the server keeps the same list.
const ALLOWED_TAGS = ['p', 'br', 'h1', 'h2', 'strong', 'em', 'u', 's', 'blockquote', 'ol', 'ul'];
const purify = DOMPurify(window);

// Links open in a new tab without access to this page.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Notes HTML made safe to render: the server sanitised it on save, and it is sanitised again
 * here before it reaches the page (read-only view) or the editor.
 */
export function sanitizeNotes(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS, 'li', 'a', 'img'],
    ALLOWED_ATTR: ['href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'data-list'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    // Attributes DOMPurify would otherwise check against the address pattern above.
    ADD_URI_SAFE_ATTR: ['width', 'height'],
  });
}
