import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { AuthModule } from './auth.module.js';
import { AuthEnvSchema } from './config.js';
import { entities } from './entities.js';
import { Initial1795702446154 } from './migrations/1795702446154-Initial.js';
import { UserTimeZone1795716851108 } from './migrations/1795716851108-UserTimeZone.js';
import { MailAndDigest1795726830760 } from './migrations/1795726830760-MailAndDigest.js';

export const authService: ServiceDefinition<typeof AuthEnvSchema> = {
  name: 'svc-auth',
  schema: 'auth',
  defaultPort: 4001,
  module: AuthModule,
  entities,
  migrations: [Initial1795702446154, UserTimeZone1795716851108, MailAndDigest1795726830760],
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
