// Front-end measurements:
//  - builds the shell and the three remotes with their own rspack configurations (into a scratch
//    folder, with module statistics), and the same routes as one single-bundle build;
//  - serves each build through a gateway and loads every route in Chromium, recording each
//    JavaScript file the first load fetches: its size raw, gzipped, and as transferred;
//  - maps the files to the modules inside them to find modules loaded from two apps (duplicates)
//    and whether the notes editor (Quill) loads where it is not used;
//  - Largest Contentful Paint and Total Blocking Time with 4x CPU slow-down and a slow network.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, BENCH_USERS, SIZES, meetingId, ownedMeetings } from './config.mjs';
import { median } from './load.mjs';
import { waitFor } from './stack.mjs';
import { freePort } from '@meetings/testing/services';
import { launchBrowser } from '@meetings/testing';

const APPS = [
  { app: 'shell', dir: 'shell' },
  { app: 'mfe-onboarding', dir: 'mfe-onboarding' },
  { app: 'mfe-meetings', dir: 'mfe-meetings' },
  { app: 'mfe-actions', dir: 'mfe-actions' },
];

/**
 * Packages every app shares as singletons, with what they pull in; date-fns through
 * the shared `@meetings/domain/dates`.
 */
const SHARED_PACKAGE =
  /^(react|react-dom|scheduler|react-router|react-router-dom|@mui\/[^/]+|@emotion\/[^/]+|notistack|@meetings\/shell-context|react-is|react-transition-group|@popperjs\/core|clsx|prop-types|hoist-non-react-statics|stylis|goober|date-fns)$/;

/** The slow network: Lighthouse's "Slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). */
export const SLOW_NETWORK = { latency: 150, downloadKbps: 1_600, uploadKbps: 750 };
export const CPU_SLOWDOWN = 4;

function packageOf(path) {
  const at = path.lastIndexOf('node_modules/');
  if (at >= 0) {
    const rest = path.slice(at + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const lib = /libs\/([^/]+)\//.exec(path);
  if (lib) return `@meetings/${lib[1]}`;
  return null;
}

/**
 * Every JavaScript file of a build with the source modules in it, as repository paths. Read from
 * the module list, where a concatenated module names its parts (a chunk's own listing leaves
 * them out, and with them date-fns copied into every app).
 */
async function build(config, outDir) {
  const { rspack } = await import('@rspack/core');
  // An app with static pages is two builds into one folder (libs/federation).
  const configs = [config].flat();
  for (const each of configs) each.output = { ...each.output, path: outDir };
  const multi = await new Promise((resolve, reject) =>
    rspack(configs).run((error, result) => (error ? reject(error) : resolve(result))),
  );
  const files = new Map();
  for (const stats of multi.stats) listFiles(stats, files);
  return files;
}

/** Adds each JavaScript file of one build to `files`, with the source modules in it. */
function listFiles(stats, files) {
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
    errors: true,
  });
  if (json.errors?.length) throw new Error(`build failed: ${json.errors[0].message}`);
  const fileOf = new Map(
    json.chunks.map((chunk) => [
      String(chunk.id),
      (chunk.files ?? []).find((file) => file.endsWith('.js')),
    ]),
  );
  const visit = (module, chunks) => {
    if (module.modules?.length) {
      for (const inner of module.modules) visit(inner, chunks);
      return;
    }
    const identifier = module.identifier ?? '';
    const path = module.nameForCondition ?? identifier.split('!').at(-1).split('|').at(-1);
    if (!path?.startsWith('/') || /^(consume|provide) shared/.test(identifier)) return;
    for (const chunk of chunks) {
      const file = fileOf.get(String(chunk));
      if (!file) continue;
      if (!files.has(file)) files.set(file, []);
      files.get(file).push({ path: relative(ROOT, path), size: module.size ?? 0 });
    }
  };
  for (const module of json.modules) visit(module, module.chunks ?? []);
}

/** Builds every app as production does, plus the single-bundle build, into `outDir`. */
export async function buildFrontEnds(outDir, log = console.log) {
  rmSync(outDir, { recursive: true, force: true });
  const federated = {};
  for (const { app, dir } of APPS) {
    const started = Date.now();
    const cwd = process.cwd();
    process.chdir(join(ROOT, dir));
    try {
      const { default: makeConfig } = await import(join(ROOT, dir, 'rspack.config.mjs'));
      federated[app] = await build(makeConfig({}, { mode: 'production' }), join(outDir, app));
    } finally {
      process.chdir(cwd);
    }
    log(`  built ${app} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const started = Date.now();
  const single = await build(await singleBundleConfig(), join(outDir, 'single'));
  log(`  built the single bundle in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { federated, single };
}

/** The shell's configuration without Module Federation: remotes become code-split chunks. */
async function singleBundleConfig() {
  const { rspack } = await import('@rspack/core');
  const { default: makeConfig } = await import(join(ROOT, 'shell', 'rspack.config.mjs'));
  const [config, ...staticPages] = [makeConfig({}, { mode: 'production' })].flat();
  config.name = 'single';
  config.output = { ...config.output, uniqueName: 'single' };
  // The cache groups in libs/federation gather what the shared modules' chunks have in common; a
  // single bundle has no such chunks, and without them it is smallest (0.7-2.3 KB gzip less per
  // route than with them), so it is compared at its best.
  config.optimization = {
    ...config.optimization,
    splitChunks: { minSize: config.optimization.splitChunks.minSize },
  };
  config.plugins = config.plugins.filter(
    (plugin) => plugin?.constructor?.name !== 'ModuleFederationPlugin',
  );
  config.plugins.push(
    // Matched on the resolved file too: index.ts imports it as './federation/runtime.js'.
    new rspack.NormalModuleReplacementPlugin(
      /federation[\\/]runtime\.(js|ts)$/,
      join(ROOT, 'bench', 'single-bundle', 'runtime.ts'),
    ),
  );
  // The landing page is the same static page in both.
  return [config, ...staticPages.map((pages) => ({ ...pages, dependencies: [config.name] }))];
}

/** A gateway of its own serving one build, in front of the running services. */
export async function serveBuild(stack, { shellDir, remoteDirs = [], label }) {
  const port = await freePort();
  const managementPort = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'gateway/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      MANAGEMENT_PORT: String(managementPort),
      HOST: '127.0.0.1',
      AUTH_URL: stack.urls.auth,
      AUTH_MANAGEMENT_URL: stack.managementUrls.auth,
      SUBSCRIPTION_URL: stack.urls.subscription,
      MEETINGS_URL: stack.urls.meetings,
      ACTIONS_URL: stack.urls.actions,
      SHELL_DIR: shellDir,
      REMOTE_DIRS: remoteDirs.join(','),
      OTEL_SDK_DISABLED: 'true',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child);
  return {
    url,
    label,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export function routes(size) {
  const who = BENCH_USERS[0];
  const meeting = meetingId(ownedMeetings(who.n, SIZES[size].meetings)[0]);
  return [
    { id: 'landing', path: '/', signedIn: false, ready: 'h1' },
    // A visitor's way in: the landing page, then its Get Started to the sign-in page (the
    // landing page's files and what the sign-in page adds). A step within a visit, not a cold
    // load: no LCP or TBT.
    {
      id: 'sign-in',
      path: '/',
      signedIn: false,
      ready: 'h1',
      then: { link: 'Get Started', ready: 'input[type="email"]' },
      vitals: false,
    },
    { id: 'meetings', path: '/app/meetings', signedIn: true, ready: 'a[href^="/app/meetings/"]' },
    { id: 'meeting', path: `/app/meetings/${meeting}`, signedIn: true, ready: '.ql-editor' },
    { id: 'actions', path: '/app/actions', signedIn: true, ready: 'section li' },
  ];
}

async function newContext(browser, base, route) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 800 },
  });
  if (route.signedIn)
    await context.addCookies([{ name: 'session', value: BENCH_USERS[0].sessionToken, url: base }]);
  return context;
}

/**
 * Every JavaScript file a first load of the route fetches, with its sizes; for a route with
 * `then`, also what following its link fetches (each file once).
 */
async function firstLoad(browser, base, route) {
  const context = await newContext(browser, base, route);
  const page = await context.newPage();
  const files = [];
  const pending = [];
  const seen = new Set();
  let done = false;
  page.on('response', (response) => {
    if (done) return;
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || url.origin !== new URL(base).origin) return;
    if (seen.has(url.pathname)) return;
    seen.add(url.pathname);
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        files.push({
          path: url.pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          transferred: sizes.responseBodySize,
          encoding: (await response.allHeaders())['content-encoding'] ?? null,
        });
      })(),
    );
  });
  await page.goto(route.path, { waitUntil: 'networkidle' });
  await page.waitForSelector(route.ready, { timeout: 20_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  if (route.then) {
    await page.getByRole('link', { name: route.then.link }).first().click();
    await page.waitForSelector(route.then.ready, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
  }
  // A file may still arrive while the others are read: read until none is left, then stop
  // listening, so no body is asked for after the page is closed.
  for (let read = 0; read < pending.length;) {
    const batch = pending.slice(read);
    read = pending.length;
    await Promise.all(batch);
  }
  done = true;
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  return { files, finalPath };
}

/* global window -- the callbacks below run in the page, not in Node. */
/**
 * LCP and TBT of a cold first load with the CPU slowed down, on the slow network or (`network`
 * null) on the machine's own loopback.
 */
async function vitals(browser, base, route, network = SLOW_NETWORK) {
  const context = await newContext(browser, base, route);
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__vitals = { lcp: 0, longTasks: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__vitals.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latency,
      downloadThroughput: (network.downloadKbps * 1000) / 8,
      uploadThroughput: (network.uploadKbps * 1000) / 8,
    });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(route.path, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForSelector(route.ready, { timeout: 30_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(1_000);
  const result = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    // Total Blocking Time: the part of each long task beyond 50 ms, after the first paint.
    const tbt = window.__vitals.longTasks
      .filter((t) => t.start + t.duration > fcp)
      .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    return { lcp: window.__vitals.lcp, fcp, tbt };
  });
  await context.close();
  return result;
}

const appOfPath = (path) => {
  const remote = /^\/remotes\/([^/]+)\//.exec(path);
  return remote ? remote[1] : 'shell';
};

/** Loaded modules of a route, from the files it fetched: which apps each one came from. */
function loadedModules(files, statsByApp) {
  const modules = new Map();
  for (const file of files) {
    const app = appOfPath(file.path);
    const name = file.path.split('/').at(-1);
    for (const module of statsByApp[app]?.get(name) ?? []) {
      const entry = modules.get(module.path) ?? {
        path: module.path,
        size: module.size,
        apps: new Set(),
      };
      entry.apps.add(app);
      modules.set(module.path, entry);
    }
  }
  return modules;
}

/**
 * Runs the front-end section against a running stack (its services answer the pages' API calls).
 * Options: vitalsRuns (cold loads per route for LCP/TBT), outDir.
 */
export async function measureFrontEnd({ stack, size, outDir, vitalsRuns = 3, log = console.log }) {
  mkdirSync(outDir, { recursive: true });
  const builds = await buildFrontEnds(outDir, log);
  const federatedGateway = await serveBuild(stack, {
    label: 'federated',
    shellDir: join(outDir, 'shell'),
    remoteDirs: APPS.slice(1).map(({ app }) => `${app}=${join(outDir, app)}`),
  });
  const singleGateway = await serveBuild(stack, {
    label: 'single',
    shellDir: join(outDir, 'single'),
  });
  const browser = await launchBrowser();
  const out = { routes: [], network: SLOW_NETWORK, cpuSlowdown: CPU_SLOWDOWN };
  try {
    for (const route of routes(size)) {
      const federated = await firstLoad(browser, federatedGateway.url, route);
      const single = await firstLoad(browser, singleGateway.url, route);
      const modules = loadedModules(federated.files, builds.federated);
      const duplicates = [...modules.values()].filter((m) => m.apps.size > 1);
      const sharedDuplicates = duplicates.filter((m) =>
        SHARED_PACKAGE.test(packageOf(m.path) ?? ''),
      );
      const editorLoaded = [...modules.values()].some((m) =>
        /^(quill|quill-delta|parchment)$/.test(packageOf(m.path) ?? ''),
      );
      const sum = (files, key) => files.reduce((n, f) => n + f[key], 0);
      const runs = [];
      const unthrottled = [];
      const singleUnthrottled = [];
      for (let i = 0; i < (route.vitals === false ? 0 : vitalsRuns); i++) {
        runs.push(await vitals(browser, federatedGateway.url, route));
        unthrottled.push(await vitals(browser, federatedGateway.url, route, null));
        singleUnthrottled.push(await vitals(browser, singleGateway.url, route, null));
      }
      const row = {
        id: route.id,
        path: route.path.replace(/[0-9a-f-]{36}/, ':id'),
        finalPath: federated.finalPath.replace(/[0-9a-f-]{36}/, ':id'),
        files: federated.files.length,
        raw: sum(federated.files, 'raw'),
        gzip: sum(federated.files, 'gzip'),
        transferred: sum(federated.files, 'transferred'),
        singleFiles: single.files.length,
        singleGzip: sum(single.files, 'gzip'),
        duplicates: duplicates.map((m) => ({ path: m.path, size: m.size, apps: [...m.apps] })),
        sharedDuplicates: sharedDuplicates.length,
        duplicateBytes: duplicates.reduce((n, m) => n + m.size, 0),
        editorLoaded,
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        fcp: median(runs.map((r) => r.fcp)),
        vitalsRuns: runs,
        // The same CPU slow-down without the slow network.
        lcpCpuOnly: median(unthrottled.map((r) => r.lcp)),
        tbtCpuOnly: median(unthrottled.map((r) => r.tbt)),
        // The single bundle beside it: what the first load costs without Module Federation.
        singleLcpCpuOnly: median(singleUnthrottled.map((r) => r.lcp)),
        singleTbtCpuOnly: median(singleUnthrottled.map((r) => r.tbt)),
        fileList: federated.files,
      };
      out.routes.push(row);
      log(
        `  ${route.id.padEnd(9)} JS ${(row.gzip / 1024).toFixed(0)} KB gzip (${(row.transferred / 1024).toFixed(0)} KB sent) single ${(row.singleGzip / 1024).toFixed(0)} KB; duplicates ${duplicates.length} (shared ${sharedDuplicates.length}); editor ${editorLoaded ? 'yes' : 'no'}; LCP ${row.lcp.toFixed(0)} ms TBT ${row.tbt.toFixed(0)} ms; CPU only: LCP ${row.lcpCpuOnly.toFixed(0)} ms TBT ${row.tbtCpuOnly.toFixed(0)} ms (single bundle ${row.singleLcpCpuOnly.toFixed(0)} / ${row.singleTbtCpuOnly.toFixed(0)})`,
      );
    }
  } finally {
    await browser.close();
    await federatedGateway.stop();
    await singleGateway.stop();
  }
  return out;
}
