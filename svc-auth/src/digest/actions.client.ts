import {
  DigestActionsResponseSchema,
  DigestRecipientsResponseSchema,
  type DigestActionsResponse,
  type DigestRecipientsResponse,
} from '@meetings/contracts';
import { InternalClients, SERVICE_CONFIG, type InternalClient } from '@meetings/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthEnv } from '../config.js';

/** svc-actions' internal routes for the digest (ADR 0005): who owes what, due by a day. */
@Injectable()
export class ActionsClient {
  private readonly actions: InternalClient;

  constructor(clients: InternalClients, @Inject(SERVICE_CONFIG) config: AuthEnv) {
    this.actions = clients.to(config.ACTIONS_INTERNAL_URL);
  }

  recipients(through: string, after?: string): Promise<DigestRecipientsResponse> {
    return this.actions.get('/internal/actions/digest-recipients', DigestRecipientsResponseSchema, {
      query: { through, after, limit: 500 },
    });
  }

  due(assignee: string, through: string): Promise<DigestActionsResponse> {
    return this.actions.get('/internal/actions/digest', DigestActionsResponseSchema, {
      query: { assignee, through },
    });
  }
}
