import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuthEnv } from '../config.js';

/** The embedded database's in-memory form: nothing is kept on disk, secrets included. */
const IN_MEMORY = 'memory://';

/**
 * A secret the operator did not set, outside production: generated once and kept in
 * DATA_DIR/secrets/<name>, readable by this user only (0600 in a 0700 folder), so that a restart
 * (or another process on the same folder) uses the same value. Never in the database. With an
 * in-memory database it lives as long as the process.
 */
export async function localSecret(
  dataDir: string,
  name: string,
  generate: () => string,
): Promise<string> {
  if (dataDir === IN_MEMORY) return generate();
  const folder = join(dataDir, 'secrets');
  const file = join(folder, name);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // Written whole under a private name, then linked into place: a link never replaces a file, so
  // two processes starting at once agree on the first one's value and never read half of it.
  const draft = join(folder, `.${name}.${randomUUID()}`);
  await writeFile(draft, generate(), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  await chmod(file, 0o600);
  return readFile(file, 'utf8');
}

/** The key of the login codes' HMAC, from which the unsubscribe links' key is derived too. */
export async function otpHmacSecret(config: AuthEnv): Promise<string> {
  return (
    config.OTP_HMAC_SECRET ??
    localSecret(config.DATA_DIR, 'otp-hmac-key', () => randomBytes(32).toString('base64url'))
  );
}
