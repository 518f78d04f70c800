import type { DataSource, EntityManager, EntityMetadata, ObjectLiteral, Repository } from 'typeorm';

/** Where a query runs: the data source, or the manager of an open transaction. */
export type Queryable = DataSource | EntityManager;

/** The entity's columns as `alias.property` for `.select`, leaving out the named properties. */
export function selection(
  metadata: EntityMetadata,
  alias: string,
  omit: readonly string[] = [],
): string[] {
  const relations = metadata.relations.map((relation) => relation.propertyName);
  return metadata.columns
    .filter((column) => ![...relations, ...omit].includes(column.propertyName))
    .map((column) => `${alias}.${column.propertyName}`);
}

/** The properties a query reads by default (not those marked `select: false`), for a RETURNING. */
export function selectedProperties(metadata: EntityMetadata): string[] {
  return metadata.columns.filter((column) => column.isSelect).map((column) => column.propertyPath);
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
