import type { LoggerService } from '@nestjs/common';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { traceIds } from '../telemetry/tracing.js';

/** Paths that may hold secrets; pino replaces their values before anything is written. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-internal-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.internalToken',
  '*.otp',
];

export function createLogger(service: string, level: LoggerOptions['level']): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Every line written inside a traced request or event names its trace.
    mixin: () => traceIds(),
  });
}

/** Nest's own messages (bootstrap, routes, errors) go to the same JSON log. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
