import '@meetings/service-kit/node-version';
import 'reflect-metadata';
import { startAuthService } from './app.js';
import { LoginCodesService } from './otp/login-codes.service.js';

/**
 * `node dist/unlock-sign-in.js <email>`: lifts the lock an address gets after too many wrong codes
 * (the operator's step once the person is known to be who they say). Same settings as the service.
 */
async function main(email: string | undefined): Promise<number> {
  if (!email) {
    console.error('usage: node dist/unlock-sign-in.js <email>');
    return 2;
  }
  try {
    const service = await startAuthService({
      port: 0,
      managementPort: 0,
      host: '127.0.0.1',
      startRelay: false,
    });
    try {
      const unlocked = await service.app.get(LoginCodesService).unlock(email.trim().toLowerCase());
      console.log(JSON.stringify({ email, unlocked }));
      return 0;
    } finally {
      await service.close();
    }
  } catch (error) {
    console.error('svc-auth unlock failed:', error instanceof Error ? error.message : error);
    return 1;
  }
}

process.exit(await main(process.argv[2]));
