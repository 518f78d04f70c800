#!/usr/bin/env node
// Image-recipe check without a container engine.
//
// 1. Lints deploy/docker/Dockerfile (pinned base image, on the Node.js major of package.json's
//    `node` dev dependency, no `latest`, non-root USER and HEALTHCHECK and OCI version label in
//    every shipped target, one manifest COPY per workspace) and the images of
//    deploy/compose/compose.yaml.
// 2. Replays the Dockerfile: copies the build context through .dockerignore, then interprets the
//    stages (FROM, ARG, ENV, WORKDIR, COPY, RUN, ...) in folders instead of layers — the same
//    `npm ci`, `turbo run build --filter=<pkg>...` and collect-runtime steps, the production-only
//    node_modules of `prod-deps`, and the final stages' COPYs.
// 3. Starts every resulting image tree the way its CMD does (as the image's user, code owned by
//    root so only the mapped /tmp is writable, embedded defaults), checks /healthz, /readyz and
//    /metrics (on the management port) or the static files, runs the image's HEALTHCHECK command,
//    and, for services, the migration Job's `node dist/migrate.js` before a start with MIGRATE_ON_START=false. The
//    front-end images are nginx with deploy/docker/nginx.conf: this machine's nginx runs that
//    file, its paths mapped to the image tree (`apt-get install nginx`; NGINX names another).
//
// A missing file in the context, a missing production dependency, a build that needs a package the
// filter leaves out, or a wrong path in the Dockerfile fails here as it would in `docker build`/run.
//
//   node deploy/scripts/check-images.mjs [--only=svc-auth,shell] [--keep] [--lint-only]
//        [--turbo-cache=DIR | --cold] [--context=DIR  (an already prepared build context)]
//
// Builds read turbo's cache, seeded from the repository's .turbo/cache (CI's Build step has just
// filled it): a package whose declared inputs are unchanged is restored instead of rebuilt. --cold
// builds everything from scratch (about 3 more minutes on two cores).
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  statfsSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCKERFILE = 'deploy/docker/Dockerfile';
const COMPOSE = 'deploy/compose/compose.yaml';
const IMAGES = [
  { name: 'svc-auth', target: 'service', args: { SERVICE: 'svc-auth', PORT: '4001' } },
  {
    name: 'svc-subscription',
    target: 'service',
    args: { SERVICE: 'svc-subscription', PORT: '4002' },
  },
  { name: 'svc-meetings', target: 'service', args: { SERVICE: 'svc-meetings', PORT: '4003' } },
  { name: 'svc-actions', target: 'service', args: { SERVICE: 'svc-actions', PORT: '4004' } },
  { name: 'gateway', target: 'gateway', args: {} },
  { name: 'shell', target: 'static', args: { APP: 'shell' } },
  { name: 'mfe-onboarding', target: 'static', args: { APP: 'mfe-onboarding' } },
  { name: 'mfe-meetings', target: 'static', args: { APP: 'mfe-meetings' } },
  { name: 'mfe-actions', target: 'static', args: { APP: 'mfe-actions' } },
];
/** The uid:gid each target runs as (USER in the Dockerfile); checked by the lint. */
const IMAGE_USERS = { service: '1000:1000', gateway: '1000:1000', static: '101:101' };

const options = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const only = typeof options.only === 'string' ? new Set(options.only.split(',')) : null;
const started = Date.now();
const failures = [];
const children = new Set();

function log(message) {
  console.log(`[check-images ${Math.round((Date.now() - started) / 1000)}s] ${message}`);
}
function fail(message) {
  failures.push(message);
  console.error(`  FAIL ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Dockerfile parsing

/** Instructions with line continuations joined and comments dropped. */
function parseDockerfile(text) {
  const instructions = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!pending && (line.trim().startsWith('#') || !line.trim())) continue;
    if (line.trim().startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    const [keyword] = full.split(/\s+/, 1);
    instructions.push({ keyword: keyword.toUpperCase(), rest: full.slice(keyword.length).trim() });
  }
  return instructions;
}

/** Stages by name: { base, instructions }, plus the global ARGs before the first FROM. */
function stagesOf(instructions) {
  const globalArgs = {};
  const stages = new Map();
  let current = null;
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const match = instruction.rest.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i);
      if (!match) throw new Error(`cannot read FROM ${instruction.rest}`);
      current = { base: match[1], name: match[2] ?? `#${stages.size}`, instructions: [] };
      stages.set(current.name, current);
    } else if (!current) {
      if (instruction.keyword !== 'ARG') throw new Error(`${instruction.keyword} before FROM`);
      const [name, value] = instruction.rest.split('=');
      globalArgs[name] = value;
    } else current.instructions.push(instruction);
  }
  return { globalArgs, stages };
}

function substitute(text, vars) {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, a, b) => vars[a ?? b] ?? whole);
}

/** Stage chain from the stage up to its external base image. */
function chain(stages, name) {
  const result = [];
  for (let stage = stages.get(name); stage; stage = stages.get(stage.base)) result.unshift(stage);
  return result;
}

function workspaceFolders() {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const folders = [];
  for (const pattern of workspaces) {
    if (!pattern.endsWith('/*')) {
      folders.push(pattern);
      continue;
    }
    const parent = pattern.slice(0, -2);
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json')))
        folders.push(`${parent}/${entry.name}`);
    }
  }
  return folders;
}

// ---------------------------------------------------------------------------------------------
// 1. Lint

function lint() {
  log(`lint ${DOCKERFILE} and ${COMPOSE}`);
  const { globalArgs, stages } = stagesOf(
    parseDockerfile(readFileSync(join(root, DOCKERFILE), 'utf8')),
  );
  const pinned = (image) => /^[\w./-]+:\d+\.\d[\w.-]*(?:@sha256:[0-9a-f]{64})?$/.test(image);
  // The images run the Node.js major that development and CI run (the root `node` dev dependency).
  const nodeMajor = JSON.parse(
    readFileSync(join(root, 'package.json'), 'utf8'),
  ).devDependencies?.node?.split('.')[0];
  if (!nodeMajor) fail('package.json: no `node` dev dependency to take the Node.js version from');
  for (const stage of stages.values()) {
    if (stages.has(stage.base)) continue;
    const image = substitute(stage.base, globalArgs);
    if (!pinned(image) || /:latest\b/.test(image))
      fail(`${DOCKERFILE}: stage ${stage.name} starts FROM ${image}: pin an explicit version tag`);
    const node = /^(?:docker\.io\/)?(?:library\/)?node:(\d+)\./.exec(image);
    if (node && nodeMajor && node[1] !== nodeMajor)
      fail(
        `${DOCKERFILE}: stage ${stage.name} starts FROM ${image}: the product runs on Node.js ${nodeMajor}`,
      );
  }
  const nodeStages = [...stages.values()].filter((stage) =>
    /^(?:docker\.io\/)?(?:library\/)?node:/.test(substitute(stage.base, globalArgs)),
  );
  if (nodeStages.length === 0) fail(`${DOCKERFILE}: no stage starts FROM a node image`);
  const targets = new Set(IMAGES.map((image) => image.target));
  for (const target of targets) {
    const instructions = chain(stages, target).flatMap((stage) => stage.instructions);
    const users = instructions.filter((i) => i.keyword === 'USER').map((i) => i.rest);
    const user = users.at(-1);
    if (!user) fail(`${DOCKERFILE}: target ${target} sets no USER (it would run as root)`);
    else if (/^(root|0)(:|$)/.test(user)) fail(`${DOCKERFILE}: target ${target} runs as ${user}`);
    else if (user !== IMAGE_USERS[target])
      fail(
        `${DOCKERFILE}: target ${target} runs as ${user}; check-images expects ${IMAGE_USERS[target]}`,
      );
    if (!instructions.some((i) => i.keyword === 'HEALTHCHECK' && !/^NONE$/i.test(i.rest)))
      fail(`${DOCKERFILE}: target ${target} has no HEALTHCHECK`);
    if (
      !instructions.some(
        (i) => i.keyword === 'LABEL' && i.rest.includes('org.opencontainers.image.version='),
      )
    )
      fail(`${DOCKERFILE}: target ${target} has no org.opencontainers.image.version label`);
    if (!instructions.some((i) => i.keyword === 'CMD' || i.keyword === 'ENTRYPOINT'))
      fail(`${DOCKERFILE}: target ${target} has no CMD`);
  }
  for (const stage of stages.values()) {
    for (const i of stage.instructions) {
      if (/(^|\s|:)latest(\s|$)/.test(i.rest) && i.keyword !== 'LABEL')
        fail(`${DOCKERFILE}: ${i.keyword} ${i.rest} mentions latest`);
      if (i.keyword === 'ADD' && /https?:/.test(i.rest))
        fail(`${DOCKERFILE}: ADD from a URL (${i.rest}); download in a RUN with a checksum`);
    }
  }
  const copied = new Set(
    (stages.get('manifests')?.instructions ?? [])
      .filter((i) => i.keyword === 'COPY')
      .flatMap((i) => i.rest.split(/\s+/).slice(0, -1))
      .filter((src) => src.endsWith('/package.json'))
      .map((src) => src.slice(0, -'/package.json'.length)),
  );
  for (const folder of workspaceFolders()) {
    if (!copied.has(folder))
      fail(
        `${DOCKERFILE}: stage manifests does not COPY ${folder}/package.json (npm ci would fail)`,
      );
  }
  const bake = readFileSync(join(root, 'deploy/docker/docker-bake.hcl'), 'utf8');
  for (const image of IMAGES) {
    if (!bake.includes(`"${image.name}"`)) fail(`docker-bake.hcl does not build ${image.name}`);
  }

  if (existsSync(join(root, COMPOSE))) {
    const compose = readFileSync(join(root, COMPOSE), 'utf8');
    for (const [, image] of compose.matchAll(/^[ \t]*image:[ \t]*["']?([^\s"'#]+)/gm)) {
      const resolved = image.replace(/\$\{[A-Z_]+:-([^}]+)\}/g, '$1');
      if (/\$\{/.test(resolved)) continue;
      if (!/:[\w.-]*\d/.test(resolved) || /:latest$/.test(resolved))
        fail(`${COMPOSE}: image ${image} needs an explicit version tag`);
    }
    if (!/user:/.test(compose)) fail(`${COMPOSE}: no service sets user:`);
  } else fail(`${COMPOSE} is missing`);
  return { globalArgs, stages };
}

// ---------------------------------------------------------------------------------------------
// 2. Replay

/** .dockerignore patterns (Docker's syntax: globs with **, later `!` lines re-include). */
function dockerignore() {
  const file = join(root, '.dockerignore');
  const rules = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'))
    : [];
  const toRegExp = (glob) =>
    new RegExp(
      '^' +
        glob
          .replace(/^\/+|(?<!\/)\/+$/g, '')
          .split('/')
          .map((part) =>
            part === '**'
              ? '(?:.*)'
              : part
                  .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                  .replace(/\*/g, '[^/]*')
                  .replace(/\?/g, '[^/]'),
          )
          .join('/')
          .replace(/\(\?:\.\*\)\//g, '(?:.*/)?') +
        '(?:/.*)?$',
    );
  const compiled = rules.map((rule) => ({
    exclude: !rule.startsWith('!'),
    re: toRegExp(rule.replace(/^!/, '')),
  }));
  return (path) => {
    let excluded = false;
    for (const rule of compiled) if (rule.re.test(path)) excluded = rule.exclude;
    return excluded;
  };
}

/** The build context: the files a `docker build .` here would send (git's view of the tree). */
function copyContext(to) {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const ignored = dockerignore();
  let count = 0;
  for (const path of new Set(listed.stdout.split('\0').filter(Boolean))) {
    if (ignored(path)) continue;
    const from = join(root, path);
    if (!existsSync(from) || !statSync(from).isFile()) continue;
    mkdirSync(dirname(join(to, path)), { recursive: true });
    cpSync(from, join(to, path), { preserveTimestamps: true });
    count += 1;
  }
  return count;
}

function run(command, args, cwd, env = {}) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/**
 * Copies a stage's files for a stage built FROM it (or COPY --from): files are hard-linked, and a
 * package's node_modules gets one symlink per installed package instead of its tens of thousands of
 * files (creating and deleting those dominated the run). Workspace links (node_modules/@meetings)
 * are copied, so they keep pointing into this stage's own packages. Stages only add files.
 */
function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  const isPackageModules =
    basename(from) === 'node_modules' && existsSync(join(from, '..', 'package.json'));
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    // COPY overwrites: replace a file or link already there (never write through a hard link).
    const existing = lstatSync(target, { throwIfNoEntry: false });
    if (existing && !(existing.isDirectory() && entry.isDirectory()))
      rmSync(target, { recursive: true });
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (isPackageModules && entry.name !== '@meetings') symlinkSync(source, target);
    else if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}

function cloneTree(from, to) {
  rmSync(to, { recursive: true, force: true });
  linkTree(from, to);
}

class Replay {
  constructor(work, dockerfile, contextDir, turboCache) {
    this.work = work;
    this.stages = dockerfile.stages;
    this.globalArgs = dockerfile.globalArgs;
    this.context = contextDir;
    this.turboCache = turboCache;
    this.built = new Map();
    this.failed = new Map();
    this.counter = 0;
  }

  /** Builds a stage with these build args; returns { dir, env, workdir, cmd, healthcheck }. */
  build(name, buildArgs) {
    const stage = this.stages.get(name);
    const declared = stage.instructions
      .filter((i) => i.keyword === 'ARG')
      .map((i) => i.rest.split('=')[0]);
    const key = `${name}(${declared.map((arg) => `${arg}=${buildArgs[arg] ?? ''}`).join(',')})`;
    const parentKey = this.stages.has(stage.base)
      ? this.build(stage.base, buildArgs).key
      : substitute(stage.base, this.globalArgs);
    const fullKey = `${parentKey} > ${key}`;
    if (this.built.has(fullKey)) return this.built.get(fullKey);
    // A stage that failed fails every image built on it, without running again.
    if (this.failed.has(fullKey)) throw this.failed.get(fullKey);

    const dir = join(this.work, 'stages', `${name}-${(this.counter += 1)}`);
    let state;
    if (this.stages.has(stage.base)) {
      const parent = this.build(stage.base, buildArgs);
      cloneTree(parent.dir, dir);
      state = { ...parent, env: { ...parent.env }, dir, cmd: parent.cmd };
    } else {
      mkdirSync(dir, { recursive: true });
      state = { dir, env: {}, workdir: '/', cmd: null, healthcheck: null, user: 'root' };
    }
    state.key = fullKey;
    log(`stage ${key}`);
    const vars = { ...this.globalArgs };
    try {
      for (const instruction of stage.instructions) this.apply(state, instruction, vars, buildArgs);
    } catch (error) {
      this.failed.set(fullKey, error);
      throw error;
    }
    this.built.set(fullKey, state);
    return state;
  }

  /** A path inside the image -> the folder that stands for it here. */
  host(state, path) {
    const absolute = path.startsWith('/') ? path : join(state.workdir, path);
    return join(state.dir, absolute);
  }

  apply(state, { keyword, rest }, vars, buildArgs) {
    const text = substitute(rest, { ...vars, ...state.env });
    switch (keyword) {
      case 'ARG': {
        const [name, value] = rest.split('=');
        vars[name] = buildArgs[name] ?? this.globalArgs[name] ?? value ?? '';
        return;
      }
      case 'ENV': {
        for (const [, name, value] of text.matchAll(/\b(\w+)=("[^"]*"|\S*)/g))
          state.env[name] = value.replace(/^"|"$/g, '');
        return;
      }
      case 'WORKDIR':
        state.workdir = text.startsWith('/') ? text : join(state.workdir, text);
        mkdirSync(this.host(state, state.workdir), { recursive: true });
        return;
      case 'COPY': {
        const parts = text.split(/\s+/);
        let from = null;
        const paths = parts.filter((part) => {
          const flag = part.match(/^--(\w+)(?:=(.*))?$/);
          if (flag && flag[1] === 'from') from = flag[2];
          return !flag;
        });
        const destination = paths.pop();
        const source = from ? this.build(from, buildArgs) : null;
        for (const src of paths) {
          const fromPath = source ? join(source.dir, src) : join(this.context, src);
          if (!existsSync(fromPath))
            throw new Error(
              `COPY ${src}: not found${source ? ` in stage ${from}` : ' in the build context'}`,
            );
          const target = this.host(state, destination);
          const intoDir =
            destination.endsWith('/') || paths.length > 1 || statSync(fromPath).isDirectory();
          const to =
            intoDir && !statSync(fromPath).isDirectory()
              ? join(target, src.split('/').pop())
              : target;
          mkdirSync(intoDir ? target : dirname(target), { recursive: true });
          // Stage outputs are hard-linked (big node_modules), the context is copied.
          if (source && statSync(fromPath).isDirectory()) {
            linkTree(fromPath, to);
          } else cpSync(fromPath, to, { recursive: true, verbatimSymlinks: true });
        }
        return;
      }
      case 'RUN': {
        // Only paths inside the stage (/app, /out) map to its folder. A RUN that touches any
        // other absolute path changes the base image (e.g. removing npm) and would change this
        // machine instead: it is never run here, only reported.
        const bare = text.replace(/--mount=\S+\s*/g, '');
        const foreign = [...bare.matchAll(/(?:^|[\s=:'"(>])(\/[^\s'";|&)]*)/g)]
          .map((m) => m[1])
          .filter((path) => !/^\/(app|out)(\/|$)/.test(path) && path !== '/dev/null');
        if (foreign.length > 0) {
          log(`  RUN not replayed (outside the stage: ${foreign.join(' ')})`);
          return;
        }
        const command = bare.replace(/(^|[\s=:'"(])\/(app|out)(?=\/|\s|$)/g, `$1${state.dir}/$2`);
        const cwd = this.host(state, state.workdir);
        log(`  RUN ${command.replace(state.dir, '<stage>')}`);
        const env = { ...state.env, ...vars, TURBO_CACHE_DIR: this.turboCache, CI: 'true' };
        if (!run('sh', ['-ec', command], cwd, env))
          throw new Error(`RUN failed in ${state.key}: ${command}`);
        return;
      }
      case 'USER':
        state.user = text;
        return;
      case 'CMD':
        state.cmd = JSON.parse(text);
        return;
      case 'HEALTHCHECK':
        state.healthcheck = JSON.parse(text.replace(/^(--\S+\s+)*CMD\s+/, ''));
        return;
      case 'LABEL':
      case 'EXPOSE':
        return;
      default:
        throw new Error(`check-images does not replay ${keyword} yet: teach it before using it`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Start what was built

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Runs the image's service as its process would run (NODE_ENV=production) and fails the check
 * unless it refuses to start with `reason` on stderr; answers the process settings it used.
 */
function refusesToStart(image, state, env, reason, missing) {
  const job = imageProcess(image, state, env);
  const refused = spawnSync(process.execPath, ['dist/main.js'], {
    cwd: job.cwd,
    env: job.env,
    uid: job.uid,
    gid: job.gid,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (refused.status !== 1 || !reason.test(refused.stderr))
    fail(
      `${image.name}: did not refuse to start without ${missing} (exit ${refused.status}): ${refused.stderr.slice(-1000)}`,
    );
  return job;
}

/** Process options for an image's command: its ENV, /app and /tmp mapped, as the image's user. */
function imageProcess(image, state, extraEnv) {
  const tmp = join(state.dir, '..', `${image.name}-tmp`);
  mkdirSync(tmp, { recursive: true });
  const [uid, gid] = state.user.split(':').map(Number);
  const asUser = process.getuid?.() === 0 && Number.isInteger(uid);
  if (asUser) chownSync(tmp, uid, gid);
  const map = (value) =>
    String(value)
      .replace(/^\/tmp(?=\/|$)/, tmp)
      .replace(/^\/app(?=\/|$)/, join(state.dir, 'app'));
  const env = {
    PATH: process.env.PATH,
    ...Object.fromEntries(Object.entries(state.env).map(([k, v]) => [k, map(v)])),
    HOME: tmp,
    TMPDIR: tmp,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  return {
    cwd: join(state.dir, state.workdir),
    env,
    map,
    ...(asUser ? { uid, gid } : {}),
  };
}

function start(image, state, argv, extraEnv) {
  const proc = imageProcess(image, state, extraEnv);
  const [command, ...args] = argv.map(proc.map);
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    cwd: proc.cwd,
    env: proc.env,
    uid: proc.uid,
    gid: proc.gid,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-8000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-8000)));
  children.add(child);
  const exited = new Promise((resolveExit) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolveExit({ code, signal });
    }),
  );
  return { child, exited, output: () => output };
}

async function waitFor(url, running, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let stopped = false;
  running.exited.then(() => (stopped = true));
  while (Date.now() < deadline && !stopped) {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (response?.ok) return response;
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

async function expectOk(image, url, check, init = {}) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) }).catch(
    (e) => e,
  );
  if (!(response instanceof Response) || !response.ok) {
    fail(`${image.name}: GET ${new URL(url).pathname} -> ${response?.status ?? response}`);
    return;
  }
  const problem = check ? await check(response) : null;
  if (problem) fail(`${image.name}: GET ${new URL(url).pathname}: ${problem}`);
}

async function stop(image, running) {
  running.child.kill('SIGTERM');
  const result = await Promise.race([
    running.exited,
    new Promise((r) => setTimeout(() => r(null), 10_000)),
  ]);
  if (!result) {
    running.child.kill('SIGKILL');
    fail(`${image.name}: did not stop within 10 s of SIGTERM`);
  }
}

/** svc-auth's secrets as files readable by the image's user only, and the *_FILE settings naming them. */
function authSecretFiles(dir, { uid, gid }) {
  mkdirSync(dir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const files = {
    OTP_HMAC_SECRET_FILE: ['otp-hmac-secret', randomBytes(48).toString('base64')],
    INTERNAL_JWT_PRIVATE_KEY_FILE: [
      'internal-jwt-private-key',
      privateKey.export({ type: 'pkcs8', format: 'pem' }),
    ],
    SMTP_URL_FILE: ['smtp-url', 'smtp://127.0.0.1:2525'],
  };
  return secretFiles(dir, { uid, gid }, files);
}

/** Each secret as a file readable by the image's user only: the *_FILE settings naming them. */
function secretFiles(dir, { uid, gid }, files) {
  mkdirSync(dir, { recursive: true });
  return Object.fromEntries(
    Object.entries(files).map(([setting, [name, value]]) => {
      const file = join(dir, name);
      writeFileSync(file, value, { mode: 0o400 });
      if (uid !== undefined) chownSync(file, uid, gid);
      return [setting, file];
    }),
  );
}

/**
 * The image's nginx.conf with its paths in the image tree mapped to this machine (web root, /tmp,
 * the port), written into the image's /tmp; the argv that starts this machine's nginx with it.
 */
function nginxCommand(image, state, port) {
  const tmp = imageProcess(image, state, {}).map('/tmp');
  const conf = readFileSync(join(state.dir, 'etc/nginx/nginx.conf'), 'utf8')
    .replaceAll('/usr/share/nginx/html', join(state.dir, 'usr/share/nginx/html'))
    .replace(/(?<=\s)\/tmp(?=[/;])/g, tmp)
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  const file = join(tmp, 'nginx.conf');
  writeFileSync(file, conf);
  const nginx = process.env.NGINX ?? 'nginx';
  if (spawnSync(nginx, ['-v']).error)
    throw new Error(`${nginx} is needed to start the front-end images (apt-get install nginx)`);
  return [nginx, '-p', tmp, '-c', file, '-e', 'stderr', '-g', 'daemon off;'];
}

/** A response's problem with a header, or null. */
function expectHeader(response, name, expected) {
  const value = response.headers.get(name);
  return value === expected ? null : `${name} is ${value}, not ${expected}`;
}

/** The static files of a front-end image: page fallback, cache rules, precompressed files. */
async function smokeStatic(image, base) {
  const app = image.args.APP;
  const prefix = app === 'shell' ? base : `${base}/remotes/${app}`;
  const gzip = { headers: { 'accept-encoding': 'gzip' } };
  if (app === 'shell') {
    // `/` is the landing page the shell's build rendered; other page paths get index.html.
    for (const [path, page] of [
      ['/', '<div id="prerendered">'],
      ['/app/meetings/some-page', '<div id="root">'],
    ]) {
      await expectOk(image, `${base}${path}`, async (r) => {
        const body = await r.text();
        if (!body.includes(page)) return 'not the shell page';
        if (!r.headers.get('content-security-policy')) return 'no Content-Security-Policy';
        return expectHeader(r, 'cache-control', 'no-cache');
      });
    }
  } else {
    await expectOk(image, `${prefix}/remoteEntry.js`, async (r) =>
      expectHeader(r, 'cache-control', 'no-cache'),
    );
    await expectOk(image, `${prefix}/mf-manifest.json`, async (r) =>
      (await r.json()).metaData ? expectHeader(r, 'cache-control', 'no-cache') : 'not a manifest',
    );
  }
  const web = join(image.root, 'usr/share/nginx/html', app === 'shell' ? '' : `remotes/${app}`);
  const files = readdirSync(web);
  const hashed = files.find(
    (file) => /\.[0-9a-f]{10}\.js$/.test(file) && files.includes(`${file}.gz`),
  );
  if (!hashed) {
    fail(`${image.name}: no hashed script with its .gz in the image`);
    return;
  }
  await expectOk(
    image,
    `${prefix}/${hashed}`,
    async (r) => {
      const encoding = r.headers.get('content-encoding');
      if (encoding !== 'gzip') return `sent with content-encoding ${encoding}, not the .gz`;
      return expectHeader(r, 'cache-control', 'public, max-age=31536000, immutable');
    },
    gzip,
  );
  const missing = await fetch(`${prefix}/missing.0123456789.js`).catch((e) => e);
  if (missing?.status !== 404) fail(`${image.name}: a missing file answered ${missing?.status}`);
  else if (missing.headers.get('cache-control'))
    fail(`${image.name}: a missing file is cached (${missing.headers.get('cache-control')})`);
}

async function smoke(image, state) {
  const port = await freePort();
  const managementPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const management = `http://127.0.0.1:${managementPort}`;
  const env = { PORT: String(port), MANAGEMENT_PORT: String(managementPort) };

  if (image.target === 'service') {
    const job = imageProcess(image, state, env);
    const migrate = spawnSync(process.execPath, ['dist/migrate.js'], {
      cwd: job.cwd,
      env: job.env,
      uid: job.uid,
      gid: job.gid,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (migrate.status !== 0 || !/"status":"migrated"/.test(migrate.stdout))
      fail(
        `${image.name}: node dist/migrate.js exited ${migrate.status}: ${migrate.stderr.slice(-2000)}`,
      );
    env.MIGRATE_ON_START = 'false';
  }
  if (image.name === 'svc-auth') {
    // The image runs with NODE_ENV=production: without a mail server and its secrets it must
    // refuse to start; with them given as the Deployment gives them (mounted files), it starts.
    const job = refusesToStart(image, state, env, /SMTP_URL: required/, 'SMTP_URL and its secrets');
    Object.assign(env, authSecretFiles(join(state.dir, '..', 'svc-auth-secrets'), job));
  }
  if (image.name === 'svc-meetings') {
    // In production it refuses to start without the calendar feeds' key; given as a file, it starts.
    const job = refusesToStart(
      image,
      state,
      env,
      /CALENDAR_FEED_SECRET: required/,
      'CALENDAR_FEED_SECRET',
    );
    Object.assign(
      env,
      secretFiles(join(state.dir, '..', 'svc-meetings-secrets'), job, {
        CALENDAR_FEED_SECRET_FILE: ['feed-secret', randomBytes(48).toString('base64')],
      }),
    );
  }

  let command = state.cmd;
  if (image.target === 'static') {
    try {
      command = nginxCommand(image, state, port);
    } catch (error) {
      fail(`${image.name}: ${error.message}`);
      return;
    }
  }
  const running = start(image, state, command, env);
  const healthy = await waitFor(`${base}/healthz`, running);
  if (!healthy) {
    fail(`${image.name}: /healthz never answered 200\n${running.output()}`);
    await stop(image, running);
    return;
  }
  if (image.target === 'service' || image.target === 'gateway') {
    // Readiness and metrics on the management port only, never on the public one.
    await expectOk(image, `${management}/readyz`);
    await expectOk(image, `${management}/metrics`, async (r) =>
      (await r.text()).includes('# TYPE') ? null : 'no Prometheus text',
    );
    for (const path of ['/metrics', '/readyz']) {
      const status = (await fetch(`${base}${path}`).catch(() => undefined))?.status;
      if (status !== 404) fail(`${image.name}: ${path} on the public port answered ${status}`);
    }
  }
  if (image.target === 'service') {
    await expectOk(image, `${management}/openapi.json`, async (r) =>
      (await r.json()).openapi ? null : 'not an OpenAPI document',
    );
  }
  if (image.target === 'static') await smokeStatic({ ...image, root: state.dir }, base);
  if (state.healthcheck) {
    const proc = imageProcess(image, state, env);
    // The command asks the port the image listens on; here the process listens on `port`.
    const [command, ...args] = state.healthcheck
      .map(proc.map)
      .map((arg) => arg.replace('127.0.0.1:8080/', `127.0.0.1:${port}/`));
    const check = spawnSync(command === 'node' ? process.execPath : command, args, {
      cwd: proc.cwd,
      env: proc.env,
      uid: proc.uid,
      gid: proc.gid,
      timeout: 10_000,
    });
    if (check.status !== 0) fail(`${image.name}: HEALTHCHECK command exited ${check.status}`);
  }
  await stop(image, running);
  log(`  ${image.name}: started as ${state.user}, checks done`);
}

// ---------------------------------------------------------------------------------------------

/**
 * Where the stages live: memory (/dev/shm) when it has room, because writing and then deleting the
 * two npm installs' ~100,000 files is disk-bound otherwise (minutes on a busy disk); ~1.5 GB.
 */
function workParent() {
  if (process.env.CHECK_IMAGES_TMP) return process.env.CHECK_IMAGES_TMP;
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize > 4 * 1024 ** 3) return '/dev/shm';
  } catch {
    // no /dev/shm: the disk it is
  }
  return tmpdir();
}

async function main() {
  const dockerfile = lint();
  if (failures.length > 0 || options['lint-only']) return;

  const work = mkdtempSync(join(workParent(), 'check-images-'));
  chmodSync(work, 0o755);
  const cleanup = () => {
    for (const child of children) child.kill('SIGKILL');
    if (!options.keep) spawnSync('rm', ['-rf', work]);
  };
  process.on('SIGINT', () => (cleanup(), process.exit(130)));
  process.on('SIGTERM', () => (cleanup(), process.exit(143)));
  try {
    let context = join(work, 'context');
    if (typeof options.context === 'string') {
      context = resolve(options.context);
      log(`context: ${context} (given)`);
    } else log(`context: ${copyContext(context)} files (through .dockerignore) in ${work}`);
    const turboCache = join(work, 'turbo-cache');
    const seed = options.cold
      ? null
      : resolve(
          typeof options['turbo-cache'] === 'string'
            ? options['turbo-cache']
            : join(root, '.turbo/cache'),
        );
    if (seed && existsSync(seed)) {
      cpSync(seed, turboCache, { recursive: true });
      log(`turbo cache seeded from ${relative(root, seed) || seed}`);
    }
    mkdirSync(turboCache, { recursive: true });
    const replay = new Replay(work, dockerfile, context, turboCache);
    for (const image of IMAGES) {
      if (only && !only.has(image.name)) continue;
      let state;
      try {
        state = replay.build(image.target, image.args);
      } catch (error) {
        fail(`${image.name}: ${error.message}`);
        continue;
      }
      await smoke(image, state);
    }
  } finally {
    cleanup();
  }
}

await main().catch((error) => fail(error.stack ?? String(error)));
const seconds = Math.round((Date.now() - started) / 1000);
if (failures.length > 0) {
  console.error(`\ncheck-images: ${failures.length} problem(s) in ${seconds}s`);
  process.exit(1);
}
console.log(`\ncheck-images: the image recipes lint, build and start (${seconds}s)`);
