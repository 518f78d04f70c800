import 'reflect-metadata';
import {
  MessagingTables1763800000000,
  startService,
  type ServiceDefinition,
  type StartOptions,
} from '@meetings/service-kit';
import { AuthModule } from './auth.module.js';
import { AuthEnvSchema } from './config.js';
import { entities } from './entities.js';
import { AuthTables1763800000100 } from './migrations/1763800000100-auth-tables.js';
import { SignInFailures1763800000200 } from './migrations/1763800000200-sign-in-failures.js';

export const authService: ServiceDefinition<typeof AuthEnvSchema> = {
  name: 'svc-auth',
  schema: 'auth',
  defaultPort: 4001,
  module: AuthModule,
  entities,
  migrations: [MessagingTables1763800000000, AuthTables1763800000100, SignInFailures1763800000200],
  env: AuthEnvSchema,
  openapi: {
    title: 'svc-auth',
    description: 'Sign-in with one-time codes, sessions, privacy acceptance.',
  },
};

export function startAuthService(options?: StartOptions) {
  return startService(authService, options);
}
