// Preload hints for the files a page's start needs, written into the host's HTML at build time.
//
// The chunks of the shell's async boundary (bootstrap) and of the shared modules it consumes are
// requested by the federation runtime only once main.js has downloaded and run: on slow 4G with
// the CPU slowed down 4x the network sat idle for 0.6 s there, before 30-odd files of React, MUI
// and the shell's context went out. Listed in the HTML, they download beside main.js.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A classic script of this folder, emitted under a name with its content's hash. */
function pageScript(name) {
  const source = readFileSync(new URL(`./${name}.js`, import.meta.url), 'utf8');
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
  return { source, file: `${name}.${hash}.js` };
}

/** What the HTML runs in place of its entry (start-after-paint.js says why). */
const STARTER = pageScript('start-after-paint');
/** What a static page runs in place of its entry (prefetch-after-load.js says why). */
const PREFETCHER = pageScript('prefetch-after-load');

const CONSUME = /^consume shared module \(([^)]*)\) (@?[^@\s]+)@/;
const PROVIDE = /^provide shared module \(([^)]*)\) (@?[^@\s]+)@/;

const identifierOf = (module) =>
  typeof module?.identifier === 'function' ? module.identifier() : (module?.identifier ?? '');

/** `scope key` of a chunk group started by a consume-shared (or provide-shared) module. */
function shareKey(group, pattern) {
  for (const origin of group.origins) {
    const match = pattern.exec(identifierOf(origin.module));
    if (match) return `${match[1]} ${match[2]}`;
  }
  return null;
}

/**
 * The JavaScript files the named chunk group needs before its modules run: its own chunks and,
 * for every shared module they consume, the chunks of the copy this build provides (the host's
 * copy is the one the page takes; without one, the fallback), recursively. Lazy imports below it
 * are left out: they load when a page asks for them.
 * @param {import('@rspack/core').Compilation} compilation
 * @param {string} groupName
 * @returns {string[]} file names in the order a start asks for them
 */
export function bootFiles(compilation, groupName) {
  const start = compilation.namedChunkGroups.get(groupName);
  if (!start) throw new Error(`BootPreloadPlugin: no chunk group named ${groupName}`);
  const provided = new Map();
  for (const group of compilation.chunkGroups) {
    const key = shareKey(group, PROVIDE);
    if (key) provided.set(key, group);
  }
  const files = new Set();
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file);
    for (const child of group.childrenIterable) {
      const key = shareKey(child, CONSUME);
      if (key) visit(provided.get(key) ?? child);
    }
  };
  visit(start);
  return [...files];
}

/**
 * Adds to the page, after the entry's own script (which gates everything else and keeps the
 * highest priority): `<link rel="preload" as="fetch">` for the JSON files the start fetches (the
 * page's fetch takes the preloaded answer when it asks in the same mode, cors with same-origin
 * credentials, which `crossorigin` gives the link), then `<link rel="preload" as="script">` for bootFiles(groupName).
 *
 * With `startAfterPaint` the entry's script element becomes a preload of the entry, marked
 * `data-entry`, and a deferred start-after-paint script that adds the entry after the first paint.
 */
export class BootPreloadPlugin {
  /**
   * `pages` writes more HTML files beside the page: each the same page with hints for one more
   * chunk group's files as well (a part only some paths load at once, such as the app bar).
   * `staticPages` names HTML outputs (of their own HtmlRspackPlugin) that do not start the app:
   * pages the server fills with a prerendered page whose links are plain links (the landing
   * page). They get no hints, which would delay their paint, and in place of the entry a script
   * that prefetches the entry and the start's files once the page has loaded, for the next page.
   * @param {{ groupName: string, publicPath: string, fetches?: string[], pages?: Record<string, string>, staticPages?: string[], startAfterPaint?: boolean }} options
   */
  constructor({
    groupName,
    publicPath,
    fetches = [],
    pages = {},
    staticPages = [],
    startAfterPaint = false,
  }) {
    this.groupName = groupName;
    this.publicPath = publicPath;
    this.fetches = fetches;
    this.pages = pages;
    this.staticPages = new Set(staticPages);
    this.startAfterPaint = startAfterPaint;
  }

  /** The entry's script element as its preload and the starter that adds it after the paint. */
  startTags(entryTag) {
    const entry = entryTag.attributes.src;
    return [
      {
        tagName: 'link',
        attributes: {
          rel: 'preload',
          as: 'script',
          href: entry,
          fetchpriority: 'high',
          'data-entry': '',
        },
        voidTag: true,
      },
      {
        tagName: 'script',
        attributes: { defer: true, src: `${this.publicPath}${STARTER.file}`, 'data-entry': entry },
        voidTag: false,
      },
    ];
  }

  /** A static page's script: prefetches the entry and the start's files after the load. */
  prefetchTag(entryTag, startFiles) {
    const files = [
      entryTag.attributes.src,
      ...startFiles.map((file) => `${this.publicPath}${file}`),
    ];
    return {
      tagName: 'script',
      attributes: {
        defer: true,
        src: `${this.publicPath}${PREFETCHER.file}`,
        'data-prefetch': files.join(' '),
      },
      voidTag: false,
    };
  }

  /** Low priority: the entry's script and the remote's files, asked for later, go first. */
  scriptLink(file) {
    return {
      tagName: 'link',
      attributes: {
        rel: 'preload',
        as: 'script',
        href: `${this.publicPath}${file}`,
        fetchpriority: 'low',
      },
      voidTag: true,
    };
  }

  apply(compiler) {
    const { HtmlRspackPlugin } = compiler.webpack;
    const scripts = [
      ...(this.startAfterPaint ? [STARTER] : []),
      ...(this.staticPages.size > 0 ? [PREFETCHER] : []),
    ];
    compiler.hooks.thisCompilation.tap('BootPreloadPlugin', (compilation) => {
      // Each HTML output and each page variant needs the start's files: one walk per build.
      let start;
      const startFiles = () => (start ??= bootFiles(compilation, this.groupName));
      if (scripts.length > 0)
        compilation.hooks.processAssets.tap(
          {
            name: 'BootPreloadPlugin',
            stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
          },
          () => {
            for (const { file, source } of scripts)
              compilation.emitAsset(file, new compiler.webpack.sources.RawSource(source));
          },
        );
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(
        'BootPreloadPlugin',
        async (data) => {
          const entries = data.headTags.filter((tag) => tag.tagName === 'script');
          for (const tag of entries) tag.attributes.fetchpriority = 'high';
          const isStatic = this.staticPages.has(data.outputName);
          if (this.startAfterPaint || isStatic) {
            if (entries.length !== 1)
              throw new Error(
                `BootPreloadPlugin: ${isStatic ? 'a static page' : 'startAfterPaint'} needs one entry script, ${data.outputName} has ${entries.length}`,
              );
            const at = data.headTags.indexOf(entries[0]);
            const replacement = isStatic
              ? [this.prefetchTag(entries[0], startFiles())]
              : this.startTags(entries[0]);
            data.headTags.splice(at, 1, ...replacement);
          }
          if (isStatic) return data;
          data.headTags.push(
            ...this.fetches.map((href) => ({
              tagName: 'link',
              attributes: { rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' },
              voidTag: true,
            })),
            ...startFiles().map((file) => this.scriptLink(file)),
          );
          return data;
        },
      );
      HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'BootPreloadPlugin',
        async (data) => {
          // A static page works without scripts: "enable JavaScript" would tell a visitor wrong.
          if (this.staticPages.has(data.outputName))
            return { ...data, html: data.html.replace(/<noscript>[\s\S]*?<\/noscript>/, '') };
          const boot = new Set(startFiles());
          for (const [page, groupName] of Object.entries(this.pages)) {
            const links = bootFiles(compilation, groupName)
              .filter((file) => !boot.has(file))
              .map((file) => {
                const { attributes } = this.scriptLink(file);
                const html = Object.entries(attributes).map(([k, v]) => `${k}="${v}"`);
                return `<link ${html.join(' ')}>`;
              })
              .join('');
            if (!data.html.includes('</head>'))
              throw new Error(`BootPreloadPlugin: ${data.outputName} has no </head>`);
            compilation.emitAsset(
              page,
              new compiler.webpack.sources.RawSource(
                data.html.replace('</head>', `${links}</head>`),
              ),
            );
          }
          return data;
        },
      );
    });
  }
}
