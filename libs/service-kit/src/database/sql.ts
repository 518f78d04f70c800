import { DataSource, type EntityManager } from 'typeorm';

/** What TypeORM's PostgreSQL driver keeps as its connection pool (pg's Pool, or the embedded one). */
interface DriverPool {
  query(text: string, parameters?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The pool of a data source outside any transaction. A statement on its own goes to the pool
 * directly: TypeORM's query runner around it (created, connected, released, with its broadcaster
 * and result wrapping per statement) was a measurable part of a read's CPU, and the pool hands out the same connections with the same session settings.
 */
function poolOf(target: DataSource | EntityManager): DriverPool | undefined {
  if (!(target instanceof DataSource)) return undefined;
  const pool = (target.driver as { master?: Partial<DriverPool> }).master;
  return typeof pool?.query === 'function' ? (pool as DriverPool) : undefined;
}

/**
 * Runs SQL and returns its rows. TypeORM answers UPDATE and DELETE with `[rows, rowCount]` but
 * SELECT and INSERT with the rows alone; with `RETURNING` both should read as rows.
 */
export async function queryRows<T>(
  target: DataSource | EntityManager,
  text: string,
  parameters?: unknown[],
): Promise<T[]> {
  const pool = poolOf(target);
  if (pool) return (await pool.query(text, parameters)).rows as T[];
  const result: unknown = await target.query(text, parameters);
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}
