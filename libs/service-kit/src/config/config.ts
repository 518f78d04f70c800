import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Marks a setting as secret: it is never logged or echoed in an error. */
export function secret<T extends z.ZodType>(schema: T): T {
  return schema.meta({ secret: true }) as T;
}

/** A URL setting that may be unset or empty (compose passes `${NAME:-}` as an empty string). */
export const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/** The base address without trailing slashes, so paths can follow it. */
function withoutTrailingSlash(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

/** The product's public address, for links in mails and calendars: trimmed once, when read. */
export const publicBaseUrl = z
  .url({ protocol: /^https?$/ })
  .default('http://localhost:8080')
  .transform(withoutTrailingSlash);

/**
 * Settings every service reads. Unset DATABASE_URL, NATS_URL and REDIS_URL select the embedded
 * stand-ins (PGlite, the in-process bus, the in-memory cache).
 */
export const ServiceEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535),
  /**
   * Internal and operator routes, metrics and readiness: reachable in the cluster only. Unset: the
   * service's default public port + 100, or a free port when the caller places the public one.
   */
  MANAGEMENT_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: secret(optionalUrl),
  /** Schema that holds this service's tables (one schema per service). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Where the embedded database keeps its files when DATABASE_URL is unset. */
  DATA_DIR: z.string().default('./.data'),
  /** Run migrations at start (the Kubernetes deployment runs them in a Job instead). */
  MIGRATE_ON_START: z.stringbool().default(true),
  NATS_URL: secret(optionalUrl),
  /** Prefix of every subject, stream and consumer: lets several environments share one NATS. */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
  REDIS_URL: secret(optionalUrl),
  /** Prefix of every Redis key: lets several environments share one Redis. */
  CACHE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{1,32}$/)
    .optional(),
  /** Public keys of svc-auth's internal tokens. */
  AUTH_JWKS_URL: optionalUrl,
  /** OpenTelemetry collector (OTLP over HTTP); traces are off when unset. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long a call to another service's internal routes may take (each attempt). */
  INTERNAL_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
});
export type ServiceEnv = z.infer<typeof ServiceEnvSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment once, at start-up. A bad value stops the process with a
 * message naming each variable; secret values are never echoed. A secret setting may also come
 * from a file (`<NAME>_FILE`, e.g. a mounted Kubernetes Secret), trimmed of surrounding whitespace.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const { values, problems } = withSecretFiles(schema, env);
  const result = schema.safeParse(values);
  if (result.success && problems.length === 0) return result.data;
  throw new ConfigError([
    ...problems,
    ...(result.error?.issues ?? []).map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    ),
  ]);
}

function withSecretFiles(
  schema: z.ZodObject,
  env: Record<string, string | undefined>,
): { values: Record<string, string | undefined>; problems: string[] } {
  const values = { ...env };
  const problems: string[] = [];
  for (const [name, field] of Object.entries(schema.shape)) {
    const file = env[`${name}_FILE`];
    if (!file || (field as z.ZodType).meta()?.secret !== true) continue;
    if (env[name]) {
      problems.push(`${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      values[name] = readFileSync(file, 'utf8').trim();
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  return { values, problems };
}
