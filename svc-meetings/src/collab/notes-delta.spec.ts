import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Delta, deltaToHtml, htmlToDelta, type NotesOp } from './notes-delta.js';
import { notesHtml, notesText, replaceNotes, seededState } from './notes-doc.js';

/** Ops as Quill keeps them: neighbours with the same formats in one insert. */
const quillOps = (ops: NotesOp[]) =>
  ops.reduce((delta, op) => delta.insert(op.insert, op.attributes), new Delta()).ops;

describe('notes HTML and the live document', () => {
  it('reads the editor subset as Quill would', () => {
    expect(
      htmlToDelta(
        '<h1>Plan</h1><p>Say <strong>bold</strong> and <a href="https://x.org" target="_blank">x</a></p>' +
          '<blockquote>q</blockquote><ol><li data-list="bullet">one</li><li data-list="ordered">two</li></ol>' +
          '<p><br></p><p>a<br>b<img src="data:image/png;base64,AA==" width="120"></p>',
      ),
    ).toEqual(
      quillOps([
        { insert: 'Plan' },
        { insert: '\n', attributes: { header: 1 } },
        { insert: 'Say ' },
        { insert: 'bold', attributes: { bold: true } },
        { insert: ' and ' },
        { insert: 'x', attributes: { link: 'https://x.org' } },
        { insert: '\n' },
        { insert: 'q' },
        { insert: '\n', attributes: { blockquote: true } },
        { insert: 'one' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'two' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: '\n' },
        { insert: 'a' },
        { insert: '\n' },
        { insert: 'b' },
        { insert: { image: 'data:image/png;base64,AA==' }, attributes: { width: '120' } },
        { insert: '\n' },
      ]),
    );
  });

  it('decodes entities and keeps plain text outside any element as a paragraph', () => {
    expect(htmlToDelta('Tom &amp; Jerry')).toEqual([{ insert: 'Tom & Jerry\n' }]);
    expect(htmlToDelta('')).toEqual([]);
  });

  it('writes one element per line and no notes for an empty document', () => {
    expect(
      deltaToHtml([
        { insert: 'Plan' },
        { insert: '\n', attributes: { header: 2 } },
        { insert: 'one' },
        { insert: '\n' },
        { insert: 'two', attributes: { italic: true } },
        { insert: '\n' },
      ]),
    ).toBe('<h2>Plan</h2><p>one</p><p><em>two</em></p>');
    expect(deltaToHtml([{ insert: '\n' }])).toBe('');
    expect(deltaToHtml([])).toBe('');
  });

  it('derives sanitised HTML: what could run never reaches the notes', () => {
    const doc = new Y.Doc();
    notesText(doc).insert(0, 'click', { link: 'javascript:alert(1)' });
    notesText(doc).insert(5, '<script>alert(1)</script>\n');
    const html = notesHtml(doc, 'self');
    expect(html).not.toMatch(/javascript:|<script/i);
    expect(html).toContain('click');
    expect(html).toContain('&lt;script&gt;');
  });

  it('round-trips the notes through the document', () => {
    const html =
      '<h1>Plan</h1><p>Say <strong>bold</strong>, <em>it</em>, <u>u</u>, <s>s</s></p><blockquote>q</blockquote>';
    const doc = new Y.Doc();
    Y.applyUpdate(doc, seededState(html));
    expect(notesHtml(doc, 'self')).toBe(html);
  });

  it('replaces notes by their difference, so a concurrent edit elsewhere is kept', () => {
    const server = new Y.Doc();
    Y.applyUpdate(server, seededState('<p>alpha</p><p>omega</p>'));
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    // Someone types at the end while an HTTP save changes the first line.
    notesText(client).insert(notesText(client).length - 1, '!');
    replaceNotes(server, '<p>alpha beta</p><p>omega</p>');
    Y.applyUpdate(server, Y.encodeStateAsUpdate(client));
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    expect(notesHtml(server, 'self')).toBe('<p>alpha beta</p><p>omega!</p>');
    expect(notesHtml(client, 'self')).toBe(notesHtml(server, 'self'));
  });
});
