import type { z } from 'zod';
import { ConfigError, type ServiceEnv } from '../config/config.js';
import { startService, type ServiceDefinition } from './service-app.js';

/**
 * Runs one service as its own process (the distributed mode): settings from the environment,
 * graceful shutdown on SIGTERM/SIGINT so in-flight requests finish and the outbox stops cleanly.
 */
export async function runStandalone<E extends z.ZodObject>(
  definition: ServiceDefinition<E>,
): Promise<void> {
  try {
    const service = await startService(definition);
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      service.logger.info({ signal }, 'shutting down');
      const grace = setTimeout(
        () => process.exit(1),
        (service.config as ServiceEnv).SHUTDOWN_GRACE_MS,
      );
      grace.unref();
      void service.close().then(() => process.exit(0));
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  } catch (error) {
    exitOnStartFailure(definition.name, error, 'failed to start');
  }
}

/**
 * Reports why a process could not start and exits with 1: a bad setting as `<name>: <problems>`,
 * anything else as `<name> <failure>:` and the error (the bare error without `failure`).
 */
export function exitOnStartFailure(name: string, error: unknown, failure?: string): never {
  if (error instanceof ConfigError) console.error(`${name}: ${error.message}`);
  else if (failure) console.error(`${name} ${failure}:`, error);
  else console.error(error);
  process.exit(1);
}
