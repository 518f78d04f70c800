import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BootPreloadPlugin, bootFiles } from '../boot-preload.mjs';

interface FakeGroup {
  name?: string;
  origins: { module?: { identifier: () => string }; request?: string }[];
  getFiles: () => string[];
  childrenIterable: FakeGroup[];
}

const origin = (identifier: string) => ({ module: { identifier: () => identifier } });

function group(files: string[], identifier: string, children: FakeGroup[] = []): FakeGroup {
  return { origins: [origin(identifier)], getFiles: () => files, childrenIterable: children };
}

const consume = (key: string, files: string[], children: FakeGroup[] = []) =>
  group(
    files,
    `consume shared module (default) ${key}@^1.0.0 (singleton) (fallback: /x/${key})`,
    children,
  );
const provide = (key: string, files: string[], children: FakeGroup[] = []) =>
  group(files, `provide shared module (default) ${key}@1.0.0 = /x/${key}/index.js`, children);

function compilation(start: FakeGroup, others: FakeGroup[]) {
  start.name = 'bootstrap';
  return {
    namedChunkGroups: new Map([['bootstrap', start]]),
    chunkGroups: [start, ...others],
  } as unknown as Parameters<typeof bootFiles>[0];
}

describe('bootFiles', () => {
  it("lists the start's chunks and those of the provided copy of each shared module it consumes", () => {
    const reactConsume = consume('react', ['react-fallback.js']);
    const reactProvide = provide('react', ['react.js']);
    const muiButtonProvide = provide(
      '@mui/material/Button',
      ['button.js', 'button.css'],
      [consume('react', ['react-fallback.js'])],
    );
    const muiButtonConsume = consume('@mui/material/Button', ['button-fallback.js']);
    const start = group(['bootstrap.js'], 'swc-loader!/app/src/index.ts', [
      reactConsume,
      muiButtonConsume,
    ]);
    const files = bootFiles(compilation(start, [reactProvide, muiButtonProvide]), 'bootstrap');
    expect(files).toEqual(['bootstrap.js', 'react.js', 'button.js']);
  });

  it('takes the fallback where the build provides no copy, and follows its own consumes', () => {
    const inner = consume('scheduler', ['scheduler.js']);
    const start = group(['bootstrap.js'], 'swc-loader!/app/src/index.ts', [
      consume('notistack', ['notistack.js'], [inner]),
    ]);
    expect(bootFiles(compilation(start, []), 'bootstrap')).toEqual([
      'bootstrap.js',
      'notistack.js',
      'scheduler.js',
    ]);
  });

  it('leaves out lazy imports below the start, and their shared modules', () => {
    const lazyPage = group(['settings-page.js'], 'swc-loader!/app/src/routes.tsx', [
      consume('@mui/material/Table', ['table.js']),
    ]);
    const start = group(['bootstrap.js', 'shared.js'], 'swc-loader!/app/src/index.ts', [
      lazyPage,
      consume('react', ['react.js']),
    ]);
    expect(bootFiles(compilation(start, []), 'bootstrap')).toEqual([
      'bootstrap.js',
      'shared.js',
      'react.js',
    ]);
  });

  it('lists a file once, however many groups hold it, and ends on cycles', () => {
    const a: FakeGroup = consume('a', ['common.js', 'a.js']);
    const b: FakeGroup = consume('b', ['common.js', 'b.js'], [a]);
    a.childrenIterable.push(b);
    const start = group(['bootstrap.js'], 'x', [a, b]);
    expect(bootFiles(compilation(start, []), 'bootstrap')).toEqual([
      'bootstrap.js',
      'common.js',
      'a.js',
      'b.js',
    ]);
  });

  it('refuses a build without the named group', () => {
    expect(() =>
      bootFiles(
        { namedChunkGroups: new Map(), chunkGroups: [] } as unknown as Parameters<
          typeof bootFiles
        >[0],
        'bootstrap',
      ),
    ).toThrow(/no chunk group named bootstrap/);
  });
});

interface Tag {
  tagName: string;
  attributes: Record<string, string | boolean>;
  voidTag?: boolean;
}

/** Applies the plugin to a stand-in compiler and hands back what it tapped and emitted. */
function applyPlugin(plugin: BootPreloadPlugin) {
  const start = group(['bootstrap.js'], 'swc-loader!/app/src/index.ts');
  const build = compilation(start, []) as unknown as Record<string, unknown>;
  const taps: Record<string, (...args: unknown[]) => unknown> = {};
  const emitted: Record<string, string> = {};
  build.hooks = {
    processAssets: { tap: (_options: unknown, fn: () => void) => (taps.processAssets = fn) },
  };
  build.emitAsset = (name: string, source: { text: string }) => (emitted[name] = source.text);
  const hook = (name: string) => ({
    tapPromise: (_name: string, fn: (...args: unknown[]) => unknown) => (taps[name] = fn),
  });
  plugin.apply({
    webpack: {
      HtmlRspackPlugin: {
        getCompilationHooks: () => ({
          alterAssetTagGroups: hook('alterAssetTagGroups'),
          beforeEmit: hook('beforeEmit'),
        }),
      },
      Compilation: { PROCESS_ASSETS_STAGE_ADDITIONAL: -2000 },
      sources: {
        RawSource: class {
          constructor(readonly text: string) {}
        },
      },
    },
    hooks: { thisCompilation: { tap: (_name: string, fn: (c: unknown) => void) => fn(build) } },
  } as never);
  const alter = async (headTags: Tag[], outputName = 'index.html') =>
    (
      (await taps.alterAssetTagGroups!({ headTags, bodyTags: [], outputName })) as {
        headTags: Tag[];
      }
    ).headTags;
  return { taps, emitted, alter };
}

const ICON: Tag = { tagName: 'link', attributes: { rel: 'icon', href: '/favicon.svg' } };
const entryScript = (src: string): Tag => ({
  tagName: 'script',
  attributes: { defer: true, src },
  voidTag: false,
});

describe('BootPreloadPlugin', () => {
  it("keeps the entry script at the highest priority, the start's files after it", async () => {
    const { alter, taps } = applyPlugin(
      new BootPreloadPlugin({ groupName: 'bootstrap', publicPath: '/', fetches: ['/r.json'] }),
    );
    expect(taps.processAssets).toBeUndefined();
    const tags = await alter([ICON, entryScript('/main.1.js')]);
    expect(tags.map((tag) => [tag.tagName, tag.attributes.href ?? tag.attributes.src])).toEqual([
      ['link', '/favicon.svg'],
      ['script', '/main.1.js'],
      ['link', '/r.json'],
      ['link', '/bootstrap.js'],
    ]);
    expect(tags[1]!.attributes.fetchpriority).toBe('high');
  });

  it('with startAfterPaint, preloads the entry and lets the starter script add it', async () => {
    const { alter, taps, emitted } = applyPlugin(
      new BootPreloadPlugin({ groupName: 'bootstrap', publicPath: '/', startAfterPaint: true }),
    );
    taps.processAssets!();
    const [starter, ...others] = Object.keys(emitted);
    expect(others).toEqual([]);
    expect(starter).toMatch(/^start-after-paint\.[0-9a-f]{10}\.js$/);
    expect(emitted[starter!]).toBe(
      readFileSync(new URL('../start-after-paint.js', import.meta.url), 'utf8'),
    );
    const tags = await alter([ICON, entryScript('/main.1.js')]);
    expect(tags.slice(1, 3)).toEqual([
      {
        tagName: 'link',
        attributes: {
          rel: 'preload',
          as: 'script',
          href: '/main.1.js',
          fetchpriority: 'high',
          'data-entry': '',
        },
        voidTag: true,
      },
      {
        tagName: 'script',
        attributes: { defer: true, src: `/${starter}`, 'data-entry': '/main.1.js' },
        voidTag: false,
      },
    ]);
    expect(tags.filter((tag) => tag.tagName === 'script')).toHaveLength(1);
    expect(tags.at(-1)!.attributes.href).toBe('/bootstrap.js');
  });

  it('with startAfterPaint, refuses a page with more than one entry script', async () => {
    const { alter } = applyPlugin(
      new BootPreloadPlugin({ groupName: 'bootstrap', publicPath: '/', startAfterPaint: true }),
    );
    await expect(alter([entryScript('/runtime.js'), entryScript('/main.1.js')])).rejects.toThrow(
      /one entry script, index.html has 2/,
    );
  });

  it('gives a static page no start and no hints, only the prefetcher, and no variants', async () => {
    const { alter, taps, emitted } = applyPlugin(
      new BootPreloadPlugin({
        groupName: 'bootstrap',
        publicPath: '/',
        fetches: ['/r.json'],
        pages: { 'app.html': 'bootstrap' },
        staticPages: ['landing.html'],
        startAfterPaint: true,
      }),
    );
    taps.processAssets!();
    const prefetcher = Object.keys(emitted).find((name) => name.startsWith('prefetch-after-load.'));
    expect(prefetcher).toMatch(/^prefetch-after-load\.[0-9a-f]{10}\.js$/);
    expect(emitted[prefetcher!]).toBe(
      readFileSync(new URL('../prefetch-after-load.js', import.meta.url), 'utf8'),
    );
    const landing = await alter([ICON, entryScript('/main.1.js')], 'landing.html');
    expect(landing).toEqual([
      ICON,
      {
        tagName: 'script',
        attributes: {
          defer: true,
          src: `/${prefetcher}`,
          // The entry first, then the start's files: what the next page's start asks for.
          'data-prefetch': '/main.1.js /bootstrap.js',
        },
        voidTag: false,
      },
    ]);
    const index = await alter([ICON, entryScript('/main.1.js')]);
    expect(index.map((tag) => [tag.tagName, tag.attributes.href ?? tag.attributes.src])).toEqual([
      ['link', '/favicon.svg'],
      ['link', '/main.1.js'],
      ['script', expect.stringMatching(/^\/start-after-paint\.[0-9a-f]{10}\.js$/)],
      ['link', '/r.json'],
      ['link', '/bootstrap.js'],
    ]);

    for (const name of Object.keys(emitted)) delete emitted[name];
    const html = '<html><head></head><body><noscript>Enable JavaScript.</noscript></body></html>';
    const page = (await taps.beforeEmit!({ html, outputName: 'landing.html' })) as { html: string };
    expect(page.html).toBe('<html><head></head><body></body></html>');
    expect(Object.keys(emitted)).toEqual([]);
    await taps.beforeEmit!({ html, outputName: 'index.html' });
    expect(Object.keys(emitted)).toEqual(['app.html']);
  });

  it('emits no prefetcher without static pages', async () => {
    const { taps, emitted } = applyPlugin(
      new BootPreloadPlugin({ groupName: 'bootstrap', publicPath: '/', startAfterPaint: true }),
    );
    taps.processAssets!();
    expect(Object.keys(emitted).some((name) => name.startsWith('prefetch-after-load.'))).toBe(
      false,
    );
  });
});
