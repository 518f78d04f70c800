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
      const found = unstorableTextAt(value);
      if (found) throw Errors.validation(found.message, found.path || undefined);
    }
    return super.transform(value, metadata);
  }
}

/** A UTF-16 surrogate that is not half of a pair: JSON can carry it (`"\ud800"`), UTF-8 cannot. */
const LONE_SURROGATE = /\p{Cs}/u;

function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Text cannot contain NUL characters.';
  if (LONE_SURROGATE.test(text)) return 'Text must be valid Unicode.';
  return undefined;
}

/**
 * The first text in a value (keys included) that PostgreSQL cannot store: NUL, or a lone surrogate
 * (text and jsonb refuse it), with its dotted path ('' for the value itself). Refused up front, so
 * it is a 400 and not a failed write. Walks without recursion: a body may nest deeper than the stack.
 */
function unstorableTextAt(value: unknown): { path: string; message: string } | undefined {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      const message = unstorable(current);
      if (message) return { path, message };
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        const message = unstorable(key);
        if (message) return { path: at, message };
        pending.push([item, at]);
      }
    }
  }
  return undefined;
}
