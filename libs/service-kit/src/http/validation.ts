import { type ArgumentMetadata, StandardSchemaValidationPipe } from '@nestjs/common';
import { Errors } from '../errors/domain-error.js';

/**
 * Validates every @Body, @Query and @Param against the schema it declares (the contracts' zod
 * schemas). A parameter without a schema is a programming error and fails loudly in tests. The
 * first problem's text becomes the error text (a single-field form shows the exact message) and
 * its path the `field`.
 */
export class SchemaValidationPipe extends StandardSchemaValidationPipe {
  constructor() {
    super({
      transform: true,
      exceptionFactory: (issues) => {
        const first = issues[0];
        const field = first?.path
          ?.map((p) => (typeof p === 'object' ? String(p.key) : String(p)))
          .join('.');
        return Errors.validation(first?.message, field || undefined);
      },
    });
  }

  override async transform<T = unknown>(value: T, metadata: ArgumentMetadata): Promise<T> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      if (!metadata.schema)
        throw new Error(`Unvalidated ${metadata.type} parameter: declare its schema.`);
      const where = nulCharacterAt(value);
      if (where !== undefined)
        throw Errors.validation('Text cannot contain NUL characters.', where || undefined);
    }
    return super.transform(value, metadata);
  }
}

/**
 * Where a NUL character sits in a value (keys included), as a dotted path ('' for the value
 * itself), or undefined. PostgreSQL cannot store NUL in text, so it must be refused up front.
 * Walks without recursion: a body may nest deeper than the stack.
 */
function nulCharacterAt(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at;
        pending.push([item, at]);
      }
    }
  }
  return undefined;
}
