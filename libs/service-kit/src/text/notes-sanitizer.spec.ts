import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { XSS_VECTORS } from '@meetings/testing/services';
import { sanitizeNotes } from './notes-sanitizer.js';

const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  h1: [],
  h2: [],
  strong: [],
  em: [],
  u: [],
  s: [],
  blockquote: [],
  ol: [],
  ul: [],
  li: ['data-list'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'width', 'height', 'alt'],
};
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;
const SAFE_IMAGE = /^(?:https?:\/\/|data:image\/(?:png|jpeg|jpg|gif|webp);base64,)/i;

const { window } = new JSDOM('');

/** Parses as a browser would when the notes are put into a page. */
function parse(html: string): DocumentFragment {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** Every problem that could run code or break out of the editor's formats. */
function problems(html: string): string[] {
  const found: string[] = [];
  for (const element of parse(html).querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    const allowed = ALLOWED[tag];
    if (!allowed) {
      found.push(`tag <${tag}>`);
      continue;
    }
    for (const { name, value } of Array.from(element.attributes)) {
      if (!allowed.includes(name)) found.push(`attribute ${name} on <${tag}>`);
      if (name === 'href' && !SAFE_LINK.test(value)) found.push(`href ${value}`);
      if (name === 'src' && !SAFE_IMAGE.test(value)) found.push(`src ${value}`);
      if ((name === 'width' || name === 'height') && !/^\d+$/.test(value))
        found.push(`${name} ${value}`);
      if (name === 'data-list' && !['bullet', 'ordered'].includes(value))
        found.push(`data-list ${value}`);
    }
    if (
      tag === 'a' &&
      (element.getAttribute('target') !== '_blank' ||
        element.getAttribute('rel') !== 'noopener noreferrer')
    ) {
      found.push('link without target=_blank rel=noopener noreferrer');
    }
  }
  return found;
}

/** Runs the HTML in a scripting page: any alert, handler or script that fires is caught. */
function firesScript(html: string): boolean {
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`, { runScripts: 'dangerously' });
  let fired = false;
  dom.window.alert = () => (fired = true);
  (dom.window as unknown as { eval: unknown }).eval = () => (fired = true);
  for (const element of dom.window.document.querySelectorAll('*')) {
    for (const type of ['click', 'mouseover', 'load', 'error', 'toggle', 'focus'])
      element.dispatchEvent(new dom.window.Event(type));
  }
  dom.window.close();
  return fired;
}

/** The DOM with attributes sorted, to compare markup regardless of attribute order or quoting. */
function normalise(html: string): string {
  const walk = (node: Node): string => {
    if (node.nodeType === window.Node.TEXT_NODE) return node.textContent ?? '';
    if (node.nodeType !== window.Node.ELEMENT_NODE) return '';
    const element = node as Element;
    const attributes = Array.from(element.attributes)
      .map((a) => `${a.name}="${a.value}"`)
      .sort()
      .join(' ');
    const children = Array.from(element.childNodes).map(walk).join('');
    return `<${element.tagName.toLowerCase()}${attributes ? ` ${attributes}` : ''}>${children}</${element.tagName.toLowerCase()}>`;
  };
  return Array.from(parse(html).childNodes).map(walk).join('');
}

describe('the XSS corpus', () => {
  it('has at least 50 vectors from OWASP and DOMPurify', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
    expect(XSS_VECTORS.filter((v) => v.source === 'owasp').length).toBeGreaterThanOrEqual(40);
    expect(XSS_VECTORS.filter((v) => v.source === 'dompurify').length).toBeGreaterThanOrEqual(20);
  });

  it('proves the checks bite: the raw vectors fail them', () => {
    const caught = XSS_VECTORS.filter(
      (vector) => problems(vector.html).length > 0 || firesScript(vector.html),
    );
    expect(caught.length).toBeGreaterThan(XSS_VECTORS.length * 0.8);
  });

  it.each(XSS_VECTORS.map((vector, index) => [index, vector.source, vector.html] as const))(
    '#%i (%s) leaves nothing executable',
    (_index, _source, html) => {
      for (const images of ['self', 'any'] as const) {
        const clean = sanitizeNotes(html, images);
        expect(problems(clean)).toEqual([]);
        expect(firesScript(clean)).toBe(false);
        expect(clean).not.toMatch(
          /<\s*(script|iframe|object|embed|svg|math|style|form|base|meta|link)/i,
        );
        // Cleaning again changes nothing: what is stored is stable.
        expect(sanitizeNotes(clean, images)).toBe(clean);
      }
    },
  );
});

describe('the editor formats', () => {
  const QUILL_OUTPUT = [
    '<h1>Heading one</h1><h2>Heading two</h2>',
    '<p><strong>bold</strong> <em>italic</em> <u>underline</u> <s>strike</s></p>',
    '<blockquote>Quoted words</blockquote>',
    '<ol><li data-list="bullet">one</li><li data-list="bullet">two</li></ol><ol><li data-list="ordered">first</li></ol>',
    '<ul><li>legacy bullet</li></ul>',
    '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">link</a></p>',
    '<p><a href="mailto:someone@example.com" rel="noopener noreferrer" target="_blank">mail</a></p>',
    '<p><img src="https://example.com/i.png" width="120" height="80" alt="chart"></p>',
    '<p><img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="></p>',
    '<p><img src="data:image/jpeg;base64,/9j/4AAQSkZJRg=="><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><img src="data:image/webp;base64,UklGRg=="></p>',
    '<p>first line<br>second line</p><p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>',
    '<p><strong><em><u>nested</u></em></strong></p>',
  ];

  it.each(QUILL_OUTPUT)('keeps %s', (html) => {
    expect(normalise(sanitizeNotes(html, 'any'))).toBe(normalise(html));
  });

  it("drops remote images unless remote images are allowed, keeping the notes' own", () => {
    const remote =
      '<p>before<img src="https://tracker.example/pixel.png?who=1" width="1">after</p>';
    const inline =
      '<p><img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="></p>';
    expect(sanitizeNotes(remote)).toBe('<p>beforeafter</p>');
    expect(sanitizeNotes(remote, 'self')).toBe('<p>beforeafter</p>');
    expect(sanitizeNotes('<img src="http://tracker.example/p.gif">', 'self')).toBe('');
    expect(sanitizeNotes('<img src="//tracker.example/p.gif">', 'any')).toBe('');
    expect(normalise(sanitizeNotes(remote, 'any'))).toBe(normalise(remote));
    expect(normalise(sanitizeNotes(inline, 'self'))).toBe(normalise(inline));
    // A mail's notes keep no image at all.
    expect(sanitizeNotes(remote, 'none')).toBe('<p>beforeafter</p>');
    expect(sanitizeNotes(`<p>a</p>${inline}`, 'none')).toBe('<p>a</p><p></p>');
  });

  it('forces links to open in a new tab without opener', () => {
    expect(
      normalise(sanitizeNotes('<a href="http://example.com" target="_self" rel="opener">x</a>')),
    ).toBe(
      normalise('<a href="http://example.com" target="_blank" rel="noopener noreferrer">x</a>'),
    );
  });

  it('keeps the text of unsafe links and drops unsafe images', () => {
    expect(sanitizeNotes('<p><a href="javascript:alert(1)">click</a></p>')).toBe('<p>click</p>');
    expect(sanitizeNotes('<p>a<img src="javascript:alert(1)">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeNotes('<p><img src="data:image/svg+xml;base64,PHN2Zz4="></p>')).toBe('');
  });

  it('maps equivalent tags onto the editor formats and drops the rest', () => {
    expect(sanitizeNotes('<b>b</b><i>i</i><strike>s</strike><del>d</del>')).toBe(
      '<strong>b</strong><em>i</em><s>s</s><s>d</s>',
    );
    expect(
      sanitizeNotes(
        '<h3>h3</h3><div class="ql-align-center" style="color:red">x</div><span class="ql-ui" contenteditable="false"></span>',
      ),
    ).toBe('h3x');
    expect(sanitizeNotes('<p class="ql-indent-1" style="color:red" id="x">p</p>')).toBe('<p>p</p>');
  });

  it('stores an empty editor as nothing', () => {
    for (const empty of [
      '',
      '<p><br></p>',
      '<p><br/></p>',
      '<p></p>',
      ' <p> </p> ',
      '<p><br></p><p><br></p>',
      '<script>x</script>',
    ]) {
      expect(sanitizeNotes(empty)).toBe('');
    }
    expect(sanitizeNotes('<p>0</p>')).toBe('<p>0</p>');
  });
});
