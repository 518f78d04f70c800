import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { AuthModule } from './auth.module.js';
import { AuthEnvSchema } from './config.js';
import { entities } from './entities.js';
import { Initial1795702446154 } from './migrations/1795702446154-Initial.js';
import { UserTimeZone1795716851108 } from './migrations/1795716851108-UserTimeZone.js';

export const authService: ServiceDefinition<typeof AuthEnvSchema> = {
  name: 'svc-auth',
  schema: 'auth',
  defaultPort: 4001,
  module: AuthModule,
  entities,
  migrations: [Initial1795702446154, UserTimeZone1795716851108],
  env: AuthEnvSchema,
  openapi: {
    title: 'svc-auth',
    description: 'Sign-in with one-time codes, sessions, privacy acceptance.',
  },
};

export function startAuthService(options?: StartOptions) {
  return startService(authService, options);
}
