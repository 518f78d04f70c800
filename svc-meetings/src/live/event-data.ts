import type { Delivery } from '@meetings/service-kit';
import type { z } from 'zod';

/** A broadcast event's data, or undefined when it is not of the schema's shape. */
export function eventData<S extends z.ZodType>(
  delivery: Delivery,
  schema: S,
): z.infer<S> | undefined {
  const parsed = schema.safeParse((delivery.body as { data?: unknown } | null)?.data);
  return parsed.success ? parsed.data : undefined;
}
