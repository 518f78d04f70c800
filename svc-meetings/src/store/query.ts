import type {
  DataSource,
  EntityManager,
  EntityMetadata,
  FindOptionsWhere,
  ObjectLiteral,
  Repository,
  SelectQueryBuilder,
} from 'typeorm';

/** Where a query runs: the data source, or the manager of an open transaction. */
export type Queryable = DataSource | EntityManager;

/**
 * The properties a read gives by default, leaving out the named ones: no relation, and no column
 * marked `select: false` (the live notes' state), which an explicit selection would otherwise read.
 */
export function selectedProperties(
  metadata: EntityMetadata,
  omit: readonly string[] = [],
): string[] {
  const relations = metadata.relations.map((relation) => relation.propertyName);
  return metadata.columns
    .filter((column) => column.isSelect)
    .map((column) => column.propertyName)
    .filter((property) => !relations.includes(property) && !omit.includes(property));
}

/** The same properties as `alias.property`, for the query builder's `.select`. */
export function selection(
  metadata: EntityMetadata,
  alias: string,
  omit: readonly string[],
): string[] {
  return selectedProperties(metadata, omit).map((property) => `${alias}.${property}`);
}

/** Updates the rows with the changes that are defined; TypeORM refuses an update with none. */
export async function updateDefined<T extends ObjectLiteral>(
  repository: Repository<T>,
  where: FindOptionsWhere<T>,
  changes: Parameters<Repository<T>['update']>[1],
): Promise<void> {
  if (Object.values(changes).some((value) => value !== undefined))
    await repository.update(where, changes);
}

/** The database name of an entity property, for the SQL the query builder cannot write. */
export function columnName(metadata: EntityMetadata, property: string): string {
  const column = metadata.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${metadata.name} has no property ${property}`);
  return column.databaseName;
}

/**
 * Entities from raw rows (a UNION or a RETURNING, which the query builder gives back raw). The keys
 * are the database names, prefixed by `alias_` when the rows come from an aliased selection.
 */
export function hydrate<T extends ObjectLiteral>(
  repository: Repository<T>,
  raws: readonly Record<string, unknown>[],
  alias?: string,
): T[] {
  const { metadata } = repository;
  const { driver } = repository.manager.connection;
  return raws.map((raw) => {
    const entity = metadata.create() as T;
    for (const column of metadata.columns) {
      const key = alias ? `${alias}_${column.databaseName}` : column.databaseName;
      if (key in raw) column.setEntityValue(entity, driver.prepareHydratedValue(raw[key], column));
    }
    return entity;
  });
}

/** A read whose SQL is written once per table and shape; a request binds only its parameters. */
export interface PreparedRead<T extends ObjectLiteral> {
  /** One SQL text is kept for each table and shape. */
  shape: string;
  /** The alias the selection names its columns by (`alias_column`). */
  alias: string;
  build: () => SelectQueryBuilder<T> | string;
}

const preparedSql = new WeakMap<EntityMetadata, Map<string, string>>();

/** Entities read with SQL the query builder wrote once (ADR 0004: writing it is costly). */
export async function preparedRead<T extends ObjectLiteral>(
  q: Queryable,
  repository: Repository<T>,
  read: PreparedRead<T>,
  parameters: Record<string, unknown>,
): Promise<T[]> {
  let shapes = preparedSql.get(repository.metadata);
  if (!shapes) preparedSql.set(repository.metadata, (shapes = new Map()));
  let sql = shapes.get(read.shape);
  if (sql === undefined) {
    const built = read.build();
    sql = typeof built === 'string' ? built : built.getQuery();
    shapes.set(read.shape, sql);
  }
  const { driver } = repository.manager.connection;
  const [text, values] = driver.escapeQueryWithParameters(sql, parameters);
  const rows = (await q.query(text, values)) as Record<string, unknown>[];
  return hydrate(repository, rows, read.alias);
}
