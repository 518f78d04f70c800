import { driftAfterMigrations, testDatabases } from '@meetings/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { authService } from '../src/app.js';

describe.each(testDatabases(0))('svc-auth schema on $name', ({ connect }) => {
  it('is what the entities describe: after the migrations TypeORM has nothing to change', async () => {
    expect(await driftAfterMigrations(authService, await connect())).toEqual([]);
  });
});
