import sanitizeHtml, { type IOptions, type Attributes, type Transformer } from 'sanitize-html';

// The formats of the notes editor's toolbar (Quill 2): headers 1-2, bold, italic, underline,
// strike, blockquote, ordered and bullet lists, link, image. Nothing else is kept.

const LINK = /^(?:https?:\/\/|mailto:)[^\s\p{Cc}]*$/iu;
const IMAGE_URL = /^https?:\/\/[^\s\p{Cc}]+$/iu;
const IMAGE_DATA = /^data:image\/(?:png|jpeg|jpg|gif|webp);base64,[a-z0-9+/]+={0,2}$/i;
const DIMENSION = /^\d{1,5}$/;
const LIST_KINDS = new Set(['bullet', 'ordered']);

/** Links keep only a safe address and always open in a new tab without access to this page. */
const link: Transformer = (_tag, attribs) => {
  const href = attribs.href?.trim();
  const kept: Attributes =
    href && LINK.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : {};
  return { tagName: 'a', attribs: kept };
};

/**
 * Which image addresses notes may keep: `any` also keeps http(s) addresses; `self` keeps only
 * images inside the notes (data: URIs), so no one learns who opened a shared meeting; `none` keeps
 * no image (a mail: clients block both kinds, and data: images would swell the message).
 */
export type NotesImages = 'self' | 'any' | 'none';

/** Images keep a raster data address (or, with remote images allowed, http(s)) and a numeric size. */
const image =
  (images: NotesImages): Transformer =>
  (_tag, attribs) => {
    const kept: Attributes = {};
    const src = attribs.src?.trim();
    const allowed =
      images !== 'none' &&
      (IMAGE_DATA.test(src ?? '') || (images === 'any' && IMAGE_URL.test(src ?? '')));
    if (src && allowed) kept.src = src;
    for (const dimension of ['width', 'height']) {
      const value = attribs[dimension]?.trim();
      if (value && DIMENSION.test(value)) kept[dimension] = value;
    }
    if (attribs.alt) kept.alt = attribs.alt;
    return { tagName: 'img', attribs: kept };
  };

/** Quill 2 writes both list kinds as <ol> and tells them apart by data-list. */
const listItem: Transformer = (_tag, attribs) => {
  const kind = attribs['data-list'];
  const kept: Attributes = kind && LIST_KINDS.has(kind) ? { 'data-list': kind } : {};
  return { tagName: 'li', attribs: kept };
};

const options = (images: NotesImages): IOptions => ({
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'strong',
    'em',
    'u',
    's',
    'blockquote',
    'ol',
    'ul',
    'li',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'width', 'height', 'alt'],
    li: ['data-list'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: images === 'any' ? ['http', 'https', 'data'] : ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Disallowed tags whose text is code or markup, not prose: dropped with their content.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'template',
    'svg',
    'math',
    'object',
    'embed',
    'applet',
    'frameset',
    'select',
    'head',
  ],
  transformTags: {
    a: link,
    img: image(images),
    li: listItem,
    b: sanitizeHtml.simpleTransform('strong', {}, false),
    i: sanitizeHtml.simpleTransform('em', {}, false),
    strike: sanitizeHtml.simpleTransform('s', {}, false),
    del: sanitizeHtml.simpleTransform('s', {}, false),
  },
  // An image without a safe address is dropped; a link without one keeps its text only.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !frame.attribs.src;
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
});

const OPTIONS: Record<NotesImages, IOptions> = {
  self: options('self'),
  any: options('any'),
  none: options('none'),
};

const EMPTY = /^(?:\s|<p>|<\/p>|<br\s*\/?>)*$/;

/** Notes HTML as stored: only the editor's formats, and '' for an empty editor. */
export function sanitizeNotes(html: string, images: NotesImages = 'self'): string {
  const clean = sanitizeHtml(html, OPTIONS[images]);
  return EMPTY.test(clean) ? '' : clean;
}
