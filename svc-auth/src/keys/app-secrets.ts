import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * A secret the operator did not set: generated once and kept in the service's database, so that
 * every replica and every restart uses the same value.
 */
export async function storedSecret(dataSource: DataSource, name: string): Promise<string> {
  await dataSource.query(
    `INSERT INTO app_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
    [name, randomBytes(32).toString('base64url')],
  );
  const [row] = (await dataSource.query(`SELECT value FROM app_secret WHERE name = $1`, [
    name,
  ])) as { value: string }[];
  return row!.value;
}
