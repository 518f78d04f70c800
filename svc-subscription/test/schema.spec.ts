import { driftAfterMigrations, testDatabases } from '@meetings/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { subscriptionService } from '../src/app.js';

describe.each(testDatabases(0))('svc-subscription schema on $name', ({ connect }) => {
  it('is what the entities describe: after the migrations TypeORM has nothing to change', async () => {
    expect(await driftAfterMigrations(subscriptionService, await connect())).toEqual([]);
  });
});
