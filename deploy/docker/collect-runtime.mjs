#!/usr/bin/env node
// Copies what one deployable needs at run time from a built tree: its package.json and dist/ (plus
// any other path its `files` lists), and the same of every workspace package it depends on in
// production (transitively). The image's node_modules (production dependencies only) comes from
// its own stage; this adds our own code.
//
//   node deploy/docker/collect-runtime.mjs <workspace folder, e.g. svc-auth> <output folder>
//
// Used by deploy/docker/Dockerfile and by deploy/scripts/check-images.mjs, so both ship the same files.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [target, outArg] = process.argv.slice(2);
if (!target || !outArg) {
  console.error('usage: collect-runtime.mjs <workspace folder> <output folder>');
  process.exit(2);
}
const out = resolve(outArg);

/** Workspace package name -> folder, from the root package.json's workspaces (`dir/*` expanded). */
function workspaceFolders(repoRoot) {
  const { workspaces } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const folders = new Map();
  for (const pattern of workspaces) {
    const parent = pattern.endsWith('/*') ? pattern.slice(0, -2) : null;
    const dirs = parent
      ? readdirSync(join(repoRoot, parent), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${parent}/${entry.name}`)
      : [pattern];
    for (const dir of dirs) {
      const manifest = join(repoRoot, dir, 'package.json');
      if (existsSync(manifest)) folders.set(JSON.parse(readFileSync(manifest, 'utf8')).name, dir);
    }
  }
  return folders;
}

const folders = workspaceFolders(root);
const byFolder = new Map([...folders].map(([name, dir]) => [dir, name]));
if (!byFolder.has(target)) {
  console.error(`collect-runtime: ${target} is not a workspace folder`);
  process.exit(2);
}

const seen = new Set();
const queue = [target];
while (queue.length > 0) {
  const dir = queue.shift();
  if (seen.has(dir)) continue;
  seen.add(dir);
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (folders.has(dependency)) queue.push(folders.get(dependency));
  }
}

for (const dir of [...seen].sort()) {
  const dist = join(root, dir, 'dist');
  if (!existsSync(dist)) {
    console.error(`collect-runtime: ${dir}/dist is missing (was it built?)`);
    process.exit(1);
  }
  mkdirSync(join(out, dir), { recursive: true });
  cpSync(join(root, dir, 'package.json'), join(out, dir, 'package.json'));
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  for (const path of new Set(['dist', ...(manifest.files ?? [])])) {
    cpSync(join(root, dir, path), join(out, dir, path), {
      recursive: true,
      // Declarations are for builders, not for the running process.
      filter: (file) => !/\.(d\.ts|d\.ts\.map|d\.mts|tsbuildinfo)$/.test(file),
    });
  }
}
console.log(`collect-runtime: ${target} -> ${[...seen].sort().join(', ')}`);
