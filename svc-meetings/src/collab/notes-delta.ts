import { Parser } from 'htmlparser2';
import QuillDelta from 'quill-delta';
import { QuillDeltaToHtmlConverter } from 'quill-delta-to-html';

// A CommonJS package: its class is the module's `default`.
export const Delta = QuillDelta.default;
export type Delta = InstanceType<typeof Delta>;

/** One operation of a Quill document (inserts only): text or an image, with its formats. */
export interface NotesOp {
  insert: string | { image: string };
  attributes?: Record<string, string | number | boolean>;
}

const INLINE: Record<string, string> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strike',
  strike: 'strike',
};
const BLOCKS = new Set(['p', 'h1', 'h2', 'blockquote', 'li', 'div']);

/**
 * The stored notes HTML (the editor's sanitised subset: paragraphs, two headings, quotes, lists,
 * bold, italic, underline, strike, links, images) as the Quill document the editor would make of
 * it, so a room can start from notes written before live editing (or sent without it).
 */
export function htmlToDelta(html: string): NotesOp[] {
  // Delta#insert keeps ops as Quill does: no empty formats, same-format neighbours in one insert.
  const delta = new Delta();
  const inline: { tag: string; attributes: Record<string, string> }[] = [];
  const lists: string[] = [];
  let block: Record<string, string | number | boolean> | null = null;
  let blockHasContent = false;
  let pendingBreak = false;

  const formats = () => {
    const attributes: Record<string, string> = {};
    for (const open of inline) Object.assign(attributes, open.attributes);
    return attributes;
  };
  const lineEnd = () => delta.insert('\n', block);
  const content = (insert: NotesOp['insert'], attributes: NotesOp['attributes']) => {
    if (pendingBreak) lineEnd();
    pendingBreak = false;
    if (!block) block = {};
    blockHasContent = true;
    delta.insert(insert, attributes);
  };
  const startBlock = (attributes: Record<string, string | number | boolean>) => {
    if (block && blockHasContent) lineEnd();
    block = attributes;
    blockHasContent = false;
    pendingBreak = false;
  };
  const endBlock = () => {
    if (block) lineEnd();
    block = null;
    blockHasContent = false;
    pendingBreak = false;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'ol' || name === 'ul') {
          lists.push(name === 'ul' ? 'bullet' : 'ordered');
        } else if (BLOCKS.has(name)) {
          if (name === 'h1' || name === 'h2') startBlock({ header: Number(name.slice(1)) });
          else if (name === 'blockquote') startBlock({ blockquote: true });
          else if (name === 'li') {
            const kind = attributes['data-list'] ?? lists.at(-1) ?? 'bullet';
            startBlock({ list: kind === 'ordered' ? 'ordered' : 'bullet' });
          } else startBlock({});
        } else if (name === 'br') {
          if (blockHasContent) pendingBreak = true;
        } else if (name === 'img' && attributes.src) {
          const size: Record<string, string> = {};
          if (attributes.width) size.width = attributes.width;
          if (attributes.height) size.height = attributes.height;
          content({ image: attributes.src }, { ...formats(), ...size });
        } else if (name === 'a') {
          inline.push({ tag: name, attributes: attributes.href ? { link: attributes.href } : {} });
        } else if (INLINE[name]) {
          inline.push({ tag: name, attributes: { [INLINE[name]]: 'true' } });
        }
      },
      ontext(text) {
        if (!block && !text.trim()) return;
        if (!text) return;
        const attributes: Record<string, string | boolean> = formats();
        for (const [key, value] of Object.entries(attributes))
          if (value === 'true') attributes[key] = true;
        content(text, attributes);
      },
      onclosetag(name) {
        if (name === 'ol' || name === 'ul') lists.pop();
        else if (BLOCKS.has(name)) endBlock();
        else if (name === 'a' || INLINE[name]) {
          const index = inline.findLastIndex((open) => open.tag === name);
          if (index !== -1) inline.splice(index, 1);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  if (block) endBlock();
  return delta.ops as NotesOp[];
}

/**
 * A Quill document as notes HTML (before the service's sanitiser): one element per line, as the
 * editor writes it; a document with no text and no image is no notes at all.
 */
export function deltaToHtml(ops: readonly NotesOp[]): string {
  const blank = ops.every((op) => typeof op.insert === 'string' && !op.insert.trim());
  if (blank) return '';
  const converter = new QuillDeltaToHtmlConverter(ops as never[], {
    multiLineParagraph: false,
    multiLineHeader: false,
    multiLineBlockquote: false,
    multiLineCodeblock: false,
    linkTarget: '_blank',
    linkRel: 'noopener noreferrer',
    encodeHtml: true,
  });
  return converter.convert();
}
