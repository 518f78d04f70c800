#!/usr/bin/env node
// Keeps `npm ci` working everywhere. The registry this project is developed against serves only
// the Linux builds of native packages (rspack, swc, turbo), so `npm install` leaves the other
// platforms' optional packages out of package-lock.json, and `npm ci` then refuses the file.
// This adds the missing entries with the platform each one is for (inferred from its name), so
// `npm ci` skips them on other systems and fetches them on theirs. Runs after every install.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));

const OS = [
  [/darwin/, 'darwin'],
  [/win32|windows/, 'win32'],
  [/linux/, 'linux'],
  [/android/, 'android'],
  [/freebsd/, 'freebsd'],
];
const CPU = [
  [/wasm32/, 'wasm32'],
  [/arm64|aarch64/, 'arm64'],
  [/-arm-|gnueabihf|armv7/, 'arm'],
  [/ia32|-x86-|i686/, 'ia32'],
  [/x64|x86_64|-64$/, 'x64'],
  [/riscv64/, 'riscv64'],
  [/ppc64/, 'ppc64'],
  [/s390x/, 's390x'],
];

function platformOf(name) {
  const os = OS.find(([pattern]) => pattern.test(name))?.[1];
  const cpu = CPU.find(([pattern]) => pattern.test(name))?.[1];
  const libc = /musl/.test(name)
    ? 'musl'
    : /-gnu/.test(name) && os === 'linux'
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (lock.packages[target] || !/^\d+\.\d+\.\d+/.test(range)) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) continue;
    lock.packages[target] = {
      version: range,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}

if (added > 0) {
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added} other-platform optional package entries`);
}
