import type { ArgumentMetadata } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import { SchemaValidationPipe } from './validation.js';

const pipe = new SchemaValidationPipe();
const body = (schema: z.ZodType): ArgumentMetadata => ({ type: 'body', schema });
const query = (schema: z.ZodType): ArgumentMetadata => ({ type: 'query', schema });

async function refusal(value: unknown, metadata: ArgumentMetadata) {
  try {
    await pipe.transform(value, metadata);
  } catch (error) {
    return error;
  }
  throw new Error('the pipe accepted it');
}

describe('SchemaValidationPipe', () => {
  it('passes and transforms what fits the schema', async () => {
    const schema = z.strictObject({ title: z.string().trim() });
    expect(await pipe.transform({ title: ' Weekly ' }, body(schema))).toEqual({ title: 'Weekly' });
  });

  it('refuses text with NUL characters (PostgreSQL cannot store them) as a 400, wherever it is', async () => {
    const schema = z.strictObject({
      title: z.string().optional(),
      items: z.array(z.strictObject({ text: z.string() })).optional(),
      search: z.string().optional(),
    });
    for (const [value, metadata, field] of [
      [{ title: 'a\u0000b' }, body(schema), 'title'],
      [{ items: [{ text: 'ok' }, { text: '\u0000' }] }, body(schema), 'items.1.text'],
      [{ search: '\u0000\u0000' }, query(schema), 'search'],
      [{ ['ti\u0000tle']: 'x' }, body(schema), 'ti\u0000tle'],
    ] as const) {
      const error = await refusal(value, metadata);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
    }
    // A NUL that arrives as a lone value (a body that is just a string) is refused too.
    expect(await refusal('\u0000', body(z.string()))).toMatchObject({ status: 400 });
  });

  it('refuses lone surrogates (JSON carries them, PostgreSQL text and jsonb cannot) and keeps pairs', async () => {
    const schema = z.strictObject({ title: z.string(), items: z.array(z.string()).optional() });
    for (const [value, field] of [
      [{ title: '\ud800' }, 'title'],
      [{ title: 'a\udc00b' }, 'title'],
      [{ title: 'ok', items: ['fine', 'x\ud83d'] }, 'items.1'],
      [{ title: 'ok', ['k\udfff']: 'x' }, 'k\udfff'],
    ] as const) {
      expect(await refusal(value, body(schema))).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Text must be valid Unicode.',
        field,
      });
    }
    expect(await pipe.transform({ title: 'Retro \ud83d\ude80' }, body(schema))).toEqual({
      title: 'Retro \ud83d\ude80',
    });
  });
});
