#!/usr/bin/env node
// `npm run migration:generate -w <service> -- <Name>`: builds the service, applies its committed
// migrations to a scratch schema of DATABASE_URL (default: the local server), and has TypeORM write
// what the entities still need as src/migrations/<timestamp>-<Name>.ts, for review. Statements
// TypeORM cannot express (extensions, GIN indexes) are added to a migration by hand.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const name = process.argv[2];
if (!name || !/^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
  console.error('usage: npm run migration:generate -w <service> -- <MigrationName>');
  process.exit(2);
}
const service = process.cwd();
const pkg = JSON.parse(readFileSync(join(service, 'package.json'), 'utf8')).name;
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `migration_gen_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const env = { ...process.env, DATABASE_URL: url, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' };

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: service, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
};

const dataSource = ['-d', 'dist/data-source.js'];
run('npx', ['turbo', 'run', 'build', `--filter=${pkg}`, '--output-logs=errors-only']);
run('npx', ['typeorm', 'query', `CREATE SCHEMA "${schema}"`, ...dataSource]);
try {
  run('npx', ['typeorm', 'migration:run', ...dataSource]);
  mkdirSync(join(service, 'src/migrations'), { recursive: true });
  const before = new Set(readdirSync(join(service, 'src/migrations')));
  run('npx', [
    'typeorm',
    'migration:generate',
    `src/migrations/${name}`,
    '--pretty',
    ...dataSource,
  ]);
  const written = readdirSync(join(service, 'src/migrations')).filter((f) => !before.has(f));
  // The migration works in whichever schema the service's connection points at.
  for (const file of written) {
    const path = join(service, 'src/migrations', file);
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll(`"${schema}".`, ''));
  }
  run('npx', ['prettier', '--write', ...written.map((f) => join('src/migrations', f))]);
  for (const file of written) console.log(`written: src/migrations/${file}`);
} finally {
  run('npx', ['typeorm', 'query', `DROP SCHEMA IF EXISTS "${schema}" CASCADE`, ...dataSource]);
}
