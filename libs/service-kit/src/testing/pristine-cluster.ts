import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EmbeddedPostgres } from '../database/embedded-postgres.js';

/**
 * A new in-memory embedded database for a test. Making a cluster (initdb in WASM) takes a second
 * or more, once per test file; a copy of a new one loads in a fraction of that. The copy is made
 * once per machine and PGlite build, in the temporary folder, and is what initdb leaves, nothing
 * more: each test still migrates its own schemas.
 */
export async function freshEmbeddedDatabase(): Promise<EmbeddedPostgres> {
  return EmbeddedPostgres.open('memory://', await pristineCluster());
}

let cached: Blob | undefined;

async function pristineCluster(): Promise<Blob> {
  if (cached) return cached;
  const wasm = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
  const pglite = JSON.parse(readFileSync(join(dirname(wasm), '..', 'package.json'), 'utf8'));
  const file = join(
    tmpdir(),
    `meetings-pglite-cluster-${String(pglite.version)}-${statSync(wasm).size}.tar`,
  );
  if (!existsSync(file)) {
    const db = await EmbeddedPostgres.open('memory://');
    try {
      const dump = await db.pglite.dumpDataDir('none');
      // Test files start side by side: each writes its own copy and the last rename wins whole.
      const partial = `${file}.${process.pid}.${Date.now()}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await db.close();
    }
  }
  cached = new Blob([readFileSync(file)]);
  return cached;
}
