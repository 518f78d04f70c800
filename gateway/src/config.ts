import { loadConfig, ServiceEnvSchema } from '@meetings/service-kit';
import { z } from 'zod';

const csv = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** The settings it shares with the services, read the same way. */
const Shared = ServiceEnvSchema.pick({
  NODE_ENV: true,
  HOST: true,
  LOG_LEVEL: true,
  NATS_URL: true,
  NATS_NAMESPACE: true,
  OTEL_EXPORTER_OTLP_ENDPOINT: true,
});

export const GatewayEnvSchema = Shared.extend({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** Metrics and readiness, for the cluster only: never behind the Ingress. */
  MANAGEMENT_PORT: z.coerce.number().int().min(0).max(65_535).default(8081),
  AUTH_URL: z.string().url().default('http://127.0.0.1:4001'),
  SUBSCRIPTION_URL: z.string().url().default('http://127.0.0.1:4002'),
  MEETINGS_URL: z.string().url().default('http://127.0.0.1:4003'),
  ACTIONS_URL: z.string().url().default('http://127.0.0.1:4004'),
  /** svc-auth's management port, where sessions are resolved (never proxied to). */
  AUTH_MANAGEMENT_URL: z.string().url().default('http://127.0.0.1:4101'),
  /** Built shell to serve at / (the embedded mode); unset: API only. */
  SHELL_DIR: z.string().optional(),
  /** Built remotes to serve at /remotes/<name>/, as name=dir pairs separated by commas. */
  REMOTE_DIRS: csv,
  /** The remotes manifest of this environment (a JSON file); default: the served remotes. */
  REMOTES_MANIFEST_FILE: z.string().optional(),
  /** Tenants by host name (a JSON file); default: one brand for every host. */
  TENANTS_FILE: z.string().optional(),
  /** Origins the page may load remotes from besides itself (a CDN, another deployment). */
  REMOTE_ORIGINS: csv,
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** A client must have sent its whole request (headers and body) within this time, or is cut off. */
  CLIENT_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(30_000),
  /** How long a resolved session is reused before asking svc-auth again. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Most sessions kept resolved at once (least recently used first out). */
  SESSION_CACHE_MAX: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  /**
   * Number of proxies in front of the gateway whose X-Forwarded-* headers are trusted. None by
   * default: a client could otherwise choose the address rate limits count it under.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /** `self`: pages show only images of the product's origin and data: URIs (no remote images in notes). */
  NOTES_IMAGES: z.enum(['self', 'any']).default('self'),
});
export type GatewayEnv = z.infer<typeof GatewayEnvSchema>;

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(GatewayEnvSchema, env);
