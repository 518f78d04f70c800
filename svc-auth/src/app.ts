import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { AuthModule } from './auth.module.js';
import { AuthEnvSchema } from './config.js';
import { entities } from './entities.js';
import { Initial1796154871948 } from './migrations/1796154871948-Initial.js';

export const authService: ServiceDefinition<typeof AuthEnvSchema> = {
  name: 'svc-auth',
  schema: 'auth',
  defaultPort: 4001,
  module: AuthModule,
  entities,
  migrations: [Initial1796154871948],
  env: AuthEnvSchema,
  openapi: {
    title: 'svc-auth',
    description: 'Sign-in with one-time codes, sessions, privacy acceptance, mail settings.',
  },
  // A one-click unsubscribe posts a form (RFC 8058), urlencoded (Nest's adapter reads those) or
  // multipart; the address alone says what to do, so a multipart body is read and dropped.
  configure: async (app) => {
    app
      .getHttpAdapter()
      .getInstance()
      .addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'string', bodyLimit: 4_096 },
        (_request, _body, done) => done(null, {}),
      );
  },
};

export function startAuthService(options?: StartOptions) {
  return startService(authService, options);
}
