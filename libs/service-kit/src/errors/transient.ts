import { CacheUnavailableError } from '../cache/cache.js';
import { BusUnavailableError } from '../messaging/bus.js';
import { DomainError } from './domain-error.js';

/**
 * Whether an error means "a dependency is away or too slow right now" rather than "this request
 * or message is wrong": `unavailable` (database, cache or bus unreachable, connection cut, server
 * shutting down), `timeout` (a query or call ran out of time), or null for everything else.
 * Requests failing this way answer 503/504 (the caller may try again); events failing this way
 * are retried until the dependency is back instead of being dead-lettered.
 */
export function transientFailure(error: unknown): 'unavailable' | 'timeout' | null {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (current instanceof BusUnavailableError || current instanceof CacheUnavailableError)
      return 'unavailable';
    if (current instanceof DomainError) {
      if (current.status === 503) return 'unavailable';
      if (current.status === 504) return 'timeout';
      return null;
    }
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (TIMEOUT_CODES.has(code)) return 'timeout';
      if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return 'unavailable';
    }
    if (typeof message === 'string') {
      if (TIMEOUT_MESSAGES.test(message)) return 'timeout';
      if (UNAVAILABLE_MESSAGES.test(message)) return 'unavailable';
    }
    // TypeORM's QueryFailedError keeps the driver's error; other wrappers keep a cause.
    current =
      (current as { driverError?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return null;
}

const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  // PostgreSQL: statement_timeout, lock_timeout.
  '57014',
  '55P03',
]);

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections,
  // serialization_failure and deadlock_detected (the same work succeeds when tried again).
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '40001',
  '40P01',
]);

// node-postgres reports a dropped connection and its own timeouts by message only.
const TIMEOUT_MESSAGES =
  /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated unexpectedly|Connection terminated|Client has encountered a connection error and is not queryable|Cannot use a pool after calling end on the pool)/;
