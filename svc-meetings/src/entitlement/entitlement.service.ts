import {
  ENTITLEMENT_PATH,
  EntitlementSchema,
  type Entitlement,
  type SubscriptionChanged,
} from '@meetings/contracts';
import { canCreateMeetings, daysRemaining } from '@meetings/domain';
import {
  CACHE,
  InternalClients,
  LOGGER,
  SERVICE_CONFIG,
  type InternalClient,
  transientFailure,
  type Cache,
} from '@meetings/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import type { Caller } from '../access/caller.js';
import type { MeetingsEnv } from '../config.js';
import { KnownEntitlementEntity as KnownEntitlement } from '../store/entities.js';

const cacheKey = (userId: string) => `entitlement:${userId}`;

/**
 * Whether a plan allows creating and editing (trial not expired, or paid), asked of svc-subscription
 * and cached briefly per user. Never ask inside a transaction: the answer needs another service.
 * svc-subscription is asked with the caller's own internal token, so it answers for that user only.
 * Every answer is also kept in the database, so that while svc-subscription is away an owner keeps
 * editing on the last answer instead of being refused (writes keep succeeding).
 */
@Injectable()
export class EntitlementService {
  private readonly subscription: InternalClient;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(SERVICE_CONFIG) private readonly config: MeetingsEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    clients: InternalClients,
  ) {
    this.subscription = clients.to(config.SUBSCRIPTION_INTERNAL_URL);
  }

  /** A cached "no" is asked again, so an upgrade counts at once even before its event arrives. */
  async allowsEditing(caller: Caller): Promise<boolean> {
    const cached = EntitlementSchema.safeParse(await this.cache.get(cacheKey(caller.id)));
    if (cached.success && entitled(cached.data)) return true;
    let fresh: Entitlement;
    try {
      fresh = await this.subscription.get(ENTITLEMENT_PATH, EntitlementSchema, {
        token: caller.token,
      });
    } catch (error) {
      const known = transientFailure(error)
        ? await this.dataSource.manager.findOneBy(KnownEntitlement, { userId: caller.id })
        : null;
      if (!known) throw error;
      this.logger.warn(
        { userId: caller.id, reason: transientFailure(error) },
        'svc-subscription unreachable; using the last known entitlement',
      );
      return entitled(known);
    }
    await this.remember(this.dataSource.manager, fresh);
    if (this.config.ENTITLEMENT_CACHE_TTL_MS > 0) {
      await this.cache.set(cacheKey(caller.id), fresh, this.config.ENTITLEMENT_CACHE_TTL_MS);
    }
    return entitled(fresh);
  }

  /**
   * A plan changed: the cached answer goes first, before the event's transaction, so the change
   * counts one transaction sooner. Always safe: svc-subscription committed the plan before it
   * published the event, so whatever is asked next is already the new answer. Throws when the
   * cache cannot be reached, so that the event comes again.
   */
  async forget(userId: string): Promise<void> {
    await this.cache.delete(cacheKey(userId));
  }

  /** A plan changed (inside the event's transaction): the event's plan becomes the last known one. */
  async changed(tx: EntityManager, event: SubscriptionChanged): Promise<void> {
    await this.remember(tx, {
      userId: event.userId,
      status: event.status,
      trialExpiresOn: event.trialExpiresOn,
      version: event.version,
      canCreate: canCreateMeetings({
        status: event.status,
        daysRemaining: daysRemaining(event.trialExpiresOn),
      }),
    });
  }

  /** Only a plan not older than the kept one replaces it: answers and events come in any order. */
  private async remember(q: EntityManager, entitlement: Entitlement): Promise<void> {
    await q
      .createQueryBuilder()
      .insert()
      .into(KnownEntitlement)
      .values({
        userId: entitlement.userId,
        status: entitlement.status,
        canCreate: entitlement.canCreate,
        trialExpiresOn: new Date(entitlement.trialExpiresOn),
        version: entitlement.version,
        updatedAt: () => 'now()',
      })
      .orUpdate(
        ['status', 'can_create', 'trial_expires_on', 'version', 'updated_at'],
        ['user_id'],
        {
          upsertType: 'on-conflict-do-update',
          overwriteCondition: { where: 'known_entitlement.version <= EXCLUDED.version' },
        },
      )
      .updateEntity(false)
      .execute();
  }

  /**
   * Whether another user's plan allows editing (an editor writes on the owner's plan), from the
   * last answer or event kept for them; none kept counts as no.
   */
  async lastKnownAllowsEditing(q: EntityManager, userId: string): Promise<boolean> {
    const known = await q.findOneBy(KnownEntitlement, { userId });
    return known !== null && entitled(known);
  }
}

/** A trial that ran out while cached no longer counts. */
function entitled(
  entitlement: Pick<Entitlement, 'status' | 'canCreate'> & { trialExpiresOn: Date | string },
): boolean {
  if (!entitlement.canCreate) return false;
  return entitlement.status !== 'trial' || daysRemaining(entitlement.trialExpiresOn) > 0;
}
