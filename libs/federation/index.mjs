// One rspack + Module Federation configuration for the shell and every remote, so the shared
// singletons and build settings cannot drift between apps.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import {
  BRANDING_PATH,
  EXPOSED_APP,
  PRERENDERED_ROOT_ID,
  REMOTES,
  REMOTES_MANIFEST_PATH,
  SHELL_DEV_PORT,
  remoteByName,
} from './remotes.mjs';

export { EXPOSED_APP, REMOTES, SHELL_DEV_PORT, remoteByName };

/** Share keys that must exist once per page: one React, one router, one theme, one toast queue. */
export const SINGLETON_SHARE_KEYS = Object.freeze([
  'react',
  // Deep imports (react/jsx-runtime, react-dom/client, @mui/material/Button) need their own
  // prefix keys; without 'react/' every app bundled its own JSX runtime.
  'react/',
  'react-dom',
  'react-dom/',
  // The router through the context package's own entry, not react-router-dom: see
  // libs/shell-context/src/router.ts (shared modules are not tree-shaken).
  '@meetings/shell-context/router',
  '@mui/material',
  '@mui/material/',
  '@emotion/react',
  '@emotion/styled',
  'notistack',
  '@meetings/shell-context',
  // The product's date formats (date-fns' format and its locale): the shell and each remote
  // format dates, and every app bundled its own copy (libs/domain/src/dates.ts).
  '@meetings/domain/dates',
]);

/**
 * MUI modules the shell provides even where it does not use them itself. A remote then takes the
 * shell's copy instead of bundling its own MUI internals (and its own default-props context). A
 * remote's import missing here loads the remote's whole copy of MUI's internals; a test keeps the
 * list equal to what the apps import.
 */
export const SHELL_PROVIDED_MUI_MODULES = Object.freeze(
  [
    'Alert',
    'AlertTitle',
    'AppBar',
    'Autocomplete',
    'Avatar',
    'Badge',
    'Box',
    'Button',
    'Card',
    'CardContent',
    'Checkbox',
    'Chip',
    'CircularProgress',
    'Collapse',
    'Container',
    'CssBaseline',
    'Dialog',
    'DialogActions',
    'DialogContent',
    'DialogContentText',
    'DialogTitle',
    'Divider',
    'FormControl',
    'FormControlLabel',
    'FormLabel',
    'IconButton',
    'InputAdornment',
    'InputBase',
    'Link',
    'List',
    'ListItem',
    'ListItemButton',
    'ListItemIcon',
    'ListItemText',
    'Menu',
    'MenuItem',
    'Paper',
    'Popover',
    'Radio',
    'RadioGroup',
    'Stack',
    'Switch',
    'TextField',
    'Toolbar',
    'Tooltip',
    'Typography',
    'styles',
    'useMediaQuery',
    'utils',
  ].map((component) => `@mui/material/${component}`),
);

/**
 * The federation runtime's packages as ES modules. Its bundler runtime is required through
 * CommonJS, which took each package's CommonJS build whole, the SDK's Node.js loader included:
 * as ES modules their unused exports drop out (21 KB less in each remote's entry, 24 KB in the
 * shell's main).
 */
const FEDERATION_RUNTIME_AS_ESM = Object.fromEntries(
  ['sdk', 'error-codes', 'runtime-core', 'runtime', 'webpack-bundler-runtime'].flatMap((name) => {
    const esm = fileURLToPath(import.meta.resolve(`@module-federation/${name}`));
    const cjs = createRequire(import.meta.url).resolve(`@module-federation/${name}`);
    return [
      [`@module-federation/${name}$`, esm],
      [cjs, esm],
    ];
  }),
);

/**
 * quill-delta requires lodash.isequal and lodash.clonedeep, CommonJS builds of the code Quill
 * imports from lodash-es: resolved to lodash-es, the editor's chunk holds it once.
 */
const LODASH_ONCE = {
  'lodash.isequal$': path.join(import.meta.dirname, 'shims', 'lodash-isequal.cjs'),
  'lodash.clonedeep$': path.join(import.meta.dirname, 'shims', 'lodash-clonedeep.cjs'),
};

const API_TARGET = 'http://localhost:8080';
const BROWSER_TARGETS = 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4';

/** The package a share key belongs to: `@scope/name` or `name`, without a subpath or `/`. */
function packageNameOf(key) {
  return key.match(/^(@[^/]+\/[^/]+|[^/]+)/)[1];
}

function readPackageJson(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/**
 * The `shared` option for ModuleFederationPlugin: every singleton with the version range the app
 * declares in its package.json. None is eager, so the async boundary decides what loads first.
 */
export function sharedDependencies(packageJson, { isHost = false } = {}) {
  const ranges = {
    ...packageJson.peerDependencies,
    ...packageJson.devDependencies,
    ...packageJson.dependencies,
  };
  const shared = Object.fromEntries(
    SINGLETON_SHARE_KEYS.map((key) => [
      key,
      { singleton: true, eager: false, requiredVersion: requiredRange(ranges, key, packageJson) },
    ]),
  );
  if (!isHost) return shared;
  for (const key of SHELL_PROVIDED_MUI_MODULES) {
    shared[key] = {
      // An absolute import is provided even when the shell never imports it.
      import: fileURLToPath(import.meta.resolve(key)),
      shareKey: key,
      singleton: true,
      eager: false,
      requiredVersion: requiredRange(ranges, key, packageJson),
      // Provided by absolute path, it gets no version from rspack (the manifest would say "0").
      version: createRequire(import.meta.url)('@mui/material/package.json').version,
    };
  }
  return shared;
}

function requiredRange(ranges, key, packageJson) {
  const packageName = packageNameOf(key);
  const range = ranges[packageName];
  if (!range) throw new Error(`${packageJson.name} must depend on ${packageName} to share it`);
  return range;
}

function swcRule(development) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    type: 'javascript/auto',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development, refresh: false } },
      },
      env: { targets: BROWSER_TARGETS },
    },
  };
}

/** Dev-only: the shell finds the remotes on their own dev servers. */
function devRemotesManifest() {
  return Object.fromEntries(
    REMOTES.map((remote) => [remote.name, `http://localhost:${remote.devPort}/mf-manifest.json`]),
  );
}

function devServer({ port, isHost }) {
  return {
    port,
    hot: false,
    liveReload: true,
    historyApiFallback: true,
    client: { overlay: { errors: true, warnings: false } },
    proxy: [{ context: ['/api', '/branding.json'], target: API_TARGET }],
    // Remotes are fetched cross-origin by the shell dev server; production serves one origin.
    headers: isHost
      ? undefined
      : { 'Access-Control-Allow-Origin': `http://localhost:${SHELL_DEV_PORT}` },
    setupMiddlewares: isHost
      ? (middlewares) => [
          {
            name: 'dev-remotes-json',
            path: '/remotes.json',
            middleware: (_req, res) => {
              res.setHeader('Content-Type', 'application/json');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(JSON.stringify(devRemotesManifest()));
            },
          },
          ...middlewares,
        ]
      : undefined,
  };
}

/** Text assets worth compressing; smaller ones gain nothing over the headers they would add. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
const COMPRESS_FROM_BYTES = 1_024;

/**
 * Writes `<asset>.br` and `<asset>.gz` beside each text asset of a production build. The static
 * server sends them to browsers that accept them (`preCompressed`), so every first load is
 * compressed at the best ratio without compressing per request. Part of the build output, so a
 * redeployed folder always carries siblings that match its files.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const buffer = source.buffer();
            if (buffer.length < COMPRESS_FROM_BYTES) continue;
            const brotli = brotliCompressSync(buffer, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
            compilation.emitAsset(
              `${name}.gz`,
              new sources.RawSource(gzipSync(buffer, { level: 9 })),
            );
          }
        },
      );
    });
  }
}

/**
 * Every shared module starts an async chunk of its own. With the default 20 KB floor a module two
 * of them need was copied into each; a low floor splits what they have in common into one small
 * file per combination. What most of them need goes into one chunk (SHARED_FOUNDATION), the rest
 * splits from 10 KB.
 */
const SPLIT_MIN_BYTES = 10_000;

/**
 * Packages' modules that at least this many async chunks need (MUI's system, styles and base
 * components, emotion, React's helpers) load as one file. Below 8 the chunk takes in modules
 * a page may not use.
 */
const SHARED_FOUNDATION = {
  test: /[\\/]node_modules[\\/]/,
  minChunks: 8,
  chunks: 'async',
  name: 'shared-foundation',
  // Taken whatever its size: the point is one file instead of many small ones.
  enforce: true,
  priority: 20,
};

/**
 * The styling engine (emotion and its helpers, MUI's system, styled engine and private theming)
 * goes into the same chunk as soon as two async chunks need a module of it: under the 10 KB floor
 * it was copied into each. Every page loads the foundation and needs the engine.
 */
const STYLE_ENGINE = {
  test: /[\\/]node_modules[\\/](@emotion|@babel[\\/]runtime|hoist-non-react-statics|stylis|@mui[\\/](system|styled-engine|private-theming))[\\/]/,
  minChunks: 2,
  chunks: 'async',
  name: 'shared-foundation',
  enforce: true,
  priority: 19,
};

/**
 * Renders a page once, at build time: compiles `entry` (a module whose default export returns
 * HTML) for Node with the app's own resolution and loaders, runs it and returns its HTML.
 */
async function renderAtBuildTime({ entry, dir, resolve, rules }) {
  const out = mkdtempSync(path.join(tmpdir(), 'prerender-'));
  try {
    const compiler = rspack({
      name: 'prerender',
      context: dir,
      mode: 'production',
      target: 'node',
      devtool: false,
      entry: { prerender: entry },
      output: { path: out, filename: 'prerender.cjs', library: { type: 'commonjs2' } },
      resolve,
      module: { rules },
      optimization: { minimize: false },
    });
    const stats = await new Promise((done, fail) =>
      compiler.run((error, result) => compiler.close(() => (error ? fail(error) : done(result)))),
    );
    if (stats.hasErrors()) {
      throw new Error(`${entry}: ${stats.toJson({ all: false, errors: true }).errors[0].message}`);
    }
    const { default: render } = createRequire(import.meta.url)(path.join(out, 'prerender.cjs'));
    return await render();
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The rspack configuration of one app; with static pages in production, the app's and theirs.
 * `staticPages` names pages rendered once at build time (`<name>.html`): `render` is a module whose
 * default export returns the page's body (see renderAtBuildTime), `script` the page's own small
 * entry. Such a page never starts the app.
 * @param {{ name: string, dir: string, exposes?: Record<string, string>, isHost?: boolean, port: number, staticPages?: Record<string, { render: string, script: string }> }} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('@rspack/core').Configuration | import('@rspack/core').Configuration[]}
 */
export function createAppConfig({ name, dir, exposes, isHost = false, port, staticPages = {} }) {
  const packageJson = readPackageJson(dir);
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    const hashed = production ? '.[contenthash:10]' : '';
    // A remote needs an HTML page only when its team runs it standalone.
    const needsPage = isHost || !production;
    const resolve = {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      // Workspace libraries resolve to their TypeScript sources.
      conditionNames: ['@meetings/source', '...'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: { ...FEDERATION_RUNTIME_AS_ESM, ...LODASH_ONCE },
    };
    const rules = [
      swcRule(!production),
      { test: /\.css$/, type: 'css/auto' },
      { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset' },
      {
        // Contracts and domain are pure: unused modules (and zod with them) drop out.
        test: /[\\/]libs[\\/](contracts|domain)[\\/]src[\\/]/,
        sideEffects: false,
      },
    ];

    const pages = production ? Object.entries(staticPages) : [];
    /** An HTML page: the app's (#root), or a page the build rendered with its own script. */
    const page = ({ filename, chunk, preloads, render }) =>
      new rspack.HtmlRspackPlugin({
        filename,
        template: path.join(import.meta.dirname, 'index.html'),
        templateParameters: async (params) => ({
          ...params,
          // The JSON files the page's script starts with: the HTML asks for them beside it.
          preloads: preloads
            .map((href) => `<link rel="preload" as="fetch" href="${href}" crossorigin="anonymous">`)
            .join(''),
          body: render
            ? `<div id="${PRERENDERED_ROOT_ID}">${await render()}</div>`
            : '<div id="root"></div>',
        }),
        title: 'MeetingKeeper',
        favicon: path.join(import.meta.dirname, 'favicon.svg'),
        // Absolute, so deep links such as /app/meetings/1 load /main.js and not a relative path.
        publicPath: '/',
        scriptLoading: 'defer',
        // A remote's container entry is for the shell to load.
        chunks: [chunk],
      });

    const output = {
      // A release pipeline may build into its own folder (MF_OUTPUT_DIR) and deploy that alone.
      path: process.env.MF_OUTPUT_DIR
        ? path.resolve(process.env.MF_OUTPUT_DIR)
        : path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: name,
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      cssFilename: `[name]${hashed}.css`,
      cssChunkFilename: `[name]${hashed}.css`,
      assetModuleFilename: `assets/[name]${hashed}[ext]`,
      clean: true,
    };

    const common = {
      context: dir,
      target: ['web', 'es2022'],
      resolve,
      module: { rules },
      performance: { hints: false },
    };

    const app = {
      ...common,
      name,
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'cheap-module-source-map',
      entry: needsPage ? { main: './src/index.ts' } : {},
      output,
      optimization: {
        moduleIds: production ? 'deterministic' : 'named',
        splitChunks: production
          ? {
              minSize: SPLIT_MIN_BYTES,
              cacheGroups: { sharedFoundation: SHARED_FOUNDATION, styleEngine: STYLE_ENGINE },
            }
          : undefined,
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
          shared: sharedDependencies(packageJson, { isHost }),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          experiments: {
            optimization: { target: 'web' },
            // One copy of the federation runtime per page: the shell provides it, production
            // remotes use it. A remote's standalone dev build keeps its own.
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: production }),
          },
        }),
        needsPage &&
          page({
            filename: 'index.html',
            chunk: 'main',
            preloads: isHost ? [REMOTES_MANIFEST_PATH, BRANDING_PATH] : [],
          }),
        production && new PrecompressPlugin(),
      ].filter(Boolean),
      devServer: devServer({ port, isHost }),
    };
    if (!pages.length) return app;

    // The federation plugin puts its runtime into every entry of its build: a static page's script
    // is built apart, after the app (whose build empties the folder), into the same folder.
    const staticPagesBuild = {
      ...common,
      name: `${name}-static-pages`,
      dependencies: [name],
      mode: 'production',
      devtool: false,
      entry: Object.fromEntries(pages.map(([pageName, { script }]) => [pageName, script])),
      output: { ...output, uniqueName: `${name}-static-pages`, clean: false },
      plugins: [
        ...pages.map(([pageName, { render }]) =>
          page({
            filename: `${pageName}.html`,
            chunk: pageName,
            preloads: [BRANDING_PATH],
            render: () => renderAtBuildTime({ entry: render, dir, resolve, rules }),
          }),
        ),
        new PrecompressPlugin(),
      ],
    };
    return [app, staticPagesBuild];
  };
}
