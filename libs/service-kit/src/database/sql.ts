import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs SQL and returns its rows. TypeORM answers UPDATE and DELETE with `[rows, rowCount]` but
 * SELECT and INSERT with the rows alone; with `RETURNING` both should read as rows.
 */
export async function queryRows<T>(
  target: DataSource | EntityManager,
  text: string,
  parameters?: unknown[],
): Promise<T[]> {
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
