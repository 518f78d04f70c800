import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MultiStats } from '@rspack/core';
import { describe, expect, it } from 'vitest';
import {
  createAppConfig,
  EXPOSED_APP,
  REMOTES,
  SHELL_PROVIDED_MUI_MODULES,
  SINGLETON_SHARE_KEYS,
  sharedDependencies,
} from '../index.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

interface Plugin {
  constructor: { name: string };
  _options?: Record<string, unknown>;
}

function build(dir: string, options: Record<string, unknown>, mode: 'production' | 'development') {
  const [config] = [
    createAppConfig({ dir: path.join(root, dir), port: 3999, ...options })({}, { mode }),
  ].flat();
  const federation = (config.plugins as Plugin[]).find(
    (p) => p.constructor.name === 'ModuleFederationPlugin',
  );
  const html = (config.plugins as Plugin[]).some((p) => p.constructor.name === 'HtmlRspackPlugin');
  return { config, federation: federation?._options as Record<string, unknown>, html };
}

/** A real production build of an app's configuration into a scratch folder. */
async function compile(options: Parameters<typeof createAppConfig>[0]) {
  const { rspack } = await import('@rspack/core');
  const outDir = await mkdtemp(path.join(tmpdir(), 'mf-build-'));
  const configs = [createAppConfig(options)({}, { mode: 'production' })].flat();
  for (const config of configs) config.output = { ...config.output, path: outDir };
  const stats = await new Promise<MultiStats>((resolve, reject) =>
    rspack(configs).run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  expect(stats.hasErrors()).toBe(false);
  // The app's build; a static page's is the next one.
  return { outDir, stats: stats.stats[0]! };
}

let shellBuild: ReturnType<typeof compile> | undefined;
/** The shell's production build, made once for the tests that read it. */
const buildShell = () =>
  (shellBuild ??= compile({
    name: 'shell',
    dir: path.join(root, 'shell'),
    isHost: true,
    port: 3999,
    staticPages: {
      landing: { render: './src/prerender/landing.tsx', script: './src/landing.ts' },
    },
  }));

describe('shared federation config', () => {
  it('shares every singleton with the range the app declares, none eager', () => {
    const shared = sharedDependencies({
      name: 'x',
      dependencies: {
        react: '^19.3.1',
        'react-dom': '^19.3.1',
        'react-router-dom': '^7.18.5',
        '@mui/material': '^9.5.0',
        '@emotion/react': '^11.14.0',
        '@emotion/styled': '^11.14.1',
        notistack: '^3.0.2',
        '@meetings/shell-context': '0.1.0',
        '@meetings/domain': '0.1.0',
      },
    });
    expect(Object.keys(shared)).toEqual([...SINGLETON_SHARE_KEYS]);
    expect(shared['react-dom/']).toEqual({
      singleton: true,
      eager: false,
      requiredVersion: '^19.3.1',
    });
    // The JSX runtime every compiled component imports comes from the one shared React.
    expect(shared['react/']).toMatchObject({ singleton: true, requiredVersion: '^19.3.1' });
    expect(shared['@mui/material/']).toMatchObject({ requiredVersion: '^9.5.0' });
    // The router is shared through the context package's entry, so react-router is tree-shaken.
    expect(shared['@meetings/shell-context/router']).toMatchObject({
      singleton: true,
      requiredVersion: '0.1.0',
    });
    expect(shared).not.toHaveProperty('react-router-dom');
    // The date formats (and date-fns' format with its locale) once per page, not once per app.
    expect(shared['@meetings/domain/dates']).toMatchObject({
      singleton: true,
      requiredVersion: '0.1.0',
    });
    for (const entry of Object.values(shared))
      expect(entry).toMatchObject({ singleton: true, eager: false });
  });

  it('refuses to share a package the app does not depend on', () => {
    expect(() => sharedDependencies({ name: 'x', dependencies: {} })).toThrow(
      /must depend on react/,
    );
  });

  it('builds a remote for production: hashed files, auto public path, manifest, no page, no eval', () => {
    const { config, federation, html } = build(
      'mfe-actions',
      { name: 'mfe_actions', exposes: { './App': './src/App.tsx' } },
      'production',
    );
    expect(config.mode).toBe('production');
    expect(config.devtool).toBe(false);
    expect(config.output).toMatchObject({
      publicPath: 'auto',
      filename: '[name].[contenthash:10].js',
    });
    expect(config.entry).toEqual({});
    expect(html).toBe(false);
    expect(federation).toMatchObject({
      name: 'mfe_actions',
      filename: 'remoteEntry.js',
      manifest: true,
      dts: false,
    });
    expect(config.resolve.conditionNames).toEqual(['@meetings/source', '...']);
  });

  it('builds the shell with a page and the shared MUI modules it provides to remotes', () => {
    const { config, federation, html } = build(
      'shell',
      { name: 'shell', isHost: true },
      'production',
    );
    expect(html).toBe(true);
    expect(config.entry).toEqual({ main: './src/index.ts' });
    expect(federation.exposes).toBeUndefined();
    expect(Object.keys(federation.shared as object)).toContain('@mui/material/Card');
  });

  it('provides every MUI module a remote imports (one missing loads a second copy of MUI), and no other', async () => {
    const importsOf = async (app: string) => {
      const names = new Set<string>();
      const dir = path.join(root, app, 'src');
      for (const file of await readdir(dir, { recursive: true })) {
        if (!/\.tsx?$/.test(file) || /\.(spec|test)\.tsx?$/.test(file)) continue;
        const text = await readFile(path.join(dir, file), 'utf8');
        for (const [, name] of text.matchAll(/from '(@mui\/material\/[A-Za-z]+)'/g))
          names.add(name);
      }
      return names;
    };
    const byRemotes = new Set<string>();
    for (const remote of REMOTES)
      for (const name of await importsOf(remote.dir)) byRemotes.add(name);
    const byAnyApp = new Set([...byRemotes, ...(await importsOf('shell'))]);
    for (const name of await importsOf('libs/shell-context')) byAnyApp.add(name);
    // Icons import MUI's utils from inside their package.
    byAnyApp.add('@mui/material/utils');
    expect([...byRemotes].filter((name) => !SHELL_PROVIDED_MUI_MODULES.includes(name))).toEqual([]);
    expect(SHELL_PROVIDED_MUI_MODULES.filter((name) => !byAnyApp.has(name))).toEqual([]);
  });

  it('runs a remote standalone in development with the API proxied and CORS for the shell only', () => {
    const { config, html } = build(
      'mfe-onboarding',
      { name: 'mfe_onboarding', exposes: {} },
      'development',
    );
    expect(html).toBe(true);
    expect(String(config.devtool)).not.toContain('eval');
    expect(config.devServer.proxy[0]).toMatchObject({
      context: ['/api', '/branding.json'],
      target: 'http://localhost:8080',
    });
    expect(config.devServer.headers).toEqual({
      'Access-Control-Allow-Origin': 'http://localhost:3000',
    });
  });

  it('loads what most shared modules need as one chunk, the styling engine never copied', async () => {
    const { stats } = await buildShell();
    // Modules with the chunks they are in; a concatenated module's parts are listed in it.
    const json = stats.toJson({
      all: false,
      chunks: true,
      ids: true,
      modules: true,
      nestedModules: true,
      // A concatenated module's parts are orphans of the graph, listed only with this.
      orphanModules: true,
      modulesSpace: 1e9,
      nestedModulesSpace: 1e9,
    });
    type StatsModule = { name?: string; moduleType?: string; modules?: StatsModule[] };
    const chunkName = new Map(
      (json.chunks ?? []).map((chunk) => [String(chunk.id), chunk.names?.[0] ?? String(chunk.id)]),
    );
    const chunksOf = new Map<string, Set<string>>();
    const visit = (module: StatsModule, chunks: string[]): void => {
      if (module.modules?.length) return module.modules.forEach((inner) => visit(inner, chunks));
      const file = module.name ?? '';
      if (!file.includes('node_modules') || /^(consume|provide)/.test(module.moduleType ?? ''))
        return;
      const into = chunksOf.get(file) ?? new Set();
      for (const chunk of chunks) into.add(chunkName.get(chunk) ?? chunk);
      chunksOf.set(file, into);
    };
    for (const module of json.modules ?? [])
      visit(module as StatsModule, ((module.chunks ?? []) as (string | number)[]).map(String));
    expect(chunksOf.size).toBeGreaterThan(100);
    const inFoundation = [...chunksOf].filter(([, chunks]) => chunks.has('shared-foundation'));
    // MUI's styling core and emotion, which nearly every shared MUI component needs.
    expect(inFoundation.some(([file]) => /@mui[\\/]system[\\/]/.test(file))).toBe(true);
    expect(inFoundation.some(([file]) => /@emotion[\\/]/.test(file))).toBe(true);
    const copied = [...chunksOf].filter(([, chunks]) => chunks.size > 1).map(([file]) => file);
    const engine = /@emotion|@mui[\\/](system|styled-engine|private-theming)[\\/]|stylis/;
    // The listing sees inside concatenated modules: some component modules are copied...
    expect(copied.length).toBeGreaterThan(0);
    // ...but no module of the styling engine, which every page of the app runs.
    expect(copied.filter((file) => engine.test(file))).toEqual([]);
  }, 120_000);

  it('builds no front end with the validation library: the schemas are for the services', async () => {
    /** Every source module in a chunk of the build, a concatenated module's parts included. */
    const bundled = (stats: Awaited<ReturnType<typeof compile>>['stats']) => {
      const json = stats.toJson({ all: false, modules: true, nestedModules: true, ids: true });
      type StatsModule = { name?: string; modules?: StatsModule[]; chunks?: unknown[] };
      const names: string[] = [];
      const visit = (module: StatsModule): void => {
        if (module.modules?.length) return module.modules.forEach(visit);
        names.push(module.name ?? '');
      };
      for (const module of (json.modules ?? []) as StatsModule[])
        if (module.chunks?.length) visit(module);
      return names;
    };
    const zod = /node_modules[\\/]zod[\\/]/;
    const contracts = /libs[\\/]contracts[\\/]/;
    const builds = [{ app: 'shell', stats: (await buildShell()).stats }];
    for (const remote of REMOTES) {
      const dir = path.join(root, remote.dir);
      const exposes = { [EXPOSED_APP]: './src/App.tsx' };
      const { stats } = await compile({ name: remote.name, dir, exposes, port: 3999 });
      builds.push({ app: remote.dir, stats });
    }
    for (const { app, stats } of builds) {
      const names = bundled(stats);
      // Each takes the product's texts and constants from the contracts, but none of zod.
      expect(
        names.some((name) => contracts.test(name)),
        app,
      ).toBe(true);
      expect(
        names.filter((name) => zod.test(name)),
        app,
      ).toEqual([]);
    }
  }, 180_000);

  it("writes the shell's page: its entry deferred, the two JSON files it starts with preloaded", async () => {
    const { outDir } = await buildShell();
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<script defer src="\/main\.[0-9a-f]{10}\.js"><\/script>/);
    for (const file of ['/remotes.json', '/branding.json'])
      expect(html).toContain(`<link rel="preload" as="fetch" href="${file}" crossorigin>`);
    expect(html).toContain('<div id="root"></div>');
    // Plain files only: no other script, nothing for a server to fill in.
    expect(html.match(/<script/g)).toHaveLength(1);
  }, 120_000);

  it("lists the MUI modules and React's entries the shell provides with their packages' versions", async () => {
    const { outDir } = await buildShell();
    const manifest = JSON.parse(await readFile(path.join(outDir, 'mf-manifest.json'), 'utf8')) as {
      shared: { name: string; version: string }[];
    };
    const mui = JSON.parse(
      await readFile(path.join(root, 'node_modules/@mui/material/package.json'), 'utf8'),
    ) as { version: string };
    const versions = new Map(manifest.shared.map(({ name, version }) => [name, version]));
    for (const key of SHELL_PROVIDED_MUI_MODULES) expect(versions.get(key), key).toBe(mui.version);
    expect(versions.get('react')).toMatch(/^19\./);
    expect(versions.get('react/jsx-runtime')).toBe(versions.get('react'));
    expect(versions.get('react-dom/client')).toBe(versions.get('react-dom'));
  }, 120_000);

  it('writes a page rendered at build time with its own small script and no app', async () => {
    const { outDir } = await buildShell();
    const html = await readFile(path.join(outDir, 'landing.html'), 'utf8');
    expect(html).toMatch(
      /<div id="prerendered">.*<h1[^>]*>Meetings that lead somewhere<\/h1>.*<\/div>\s*<\/body>/s,
    );
    expect(html).toContain('<span data-branding="productName">MeetingKeeper</span>');
    expect(html).not.toContain('id="root"');
    // Its buttons are plain links into the app.
    expect(html).toMatch(/<a [^>]*href="\/login"[^>]*>Login<\/a>/);
    expect(html.match(/<a [^>]*href="\/login"[^>]*>Get Started<\/a>/g)).toHaveLength(2);
    const script = /<script defer src="\/(landing\.[0-9a-f]{10}\.js)"><\/script>/.exec(html)?.[1];
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<link rel="preload" as="fetch" href="/branding.json" crossorigin>');
    expect(html).not.toContain('/remotes.json');
    // The script only brands the page: no federation runtime, no React.
    const { size } = await stat(path.join(outDir, script!));
    expect(size).toBeLessThan(8_000);
  }, 120_000);

  it('names each remote after its package directory', () => {
    for (const remote of REMOTES) expect(remote.name).toBe(remote.dir.replace(/-/g, '_'));
  });
});
