import { MeetingsExportPageSchema, type MeetingsExportPage } from '@meetings/contracts';
import {
  DomainError,
  InternalClients,
  SERVICE_CONFIG,
  type InternalClient,
} from '@meetings/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { ActionsEnv } from '../config.js';

/** svc-meetings' export over its internal HTTP route, for rebuilding the index. */
@Injectable()
export class MeetingsClient {
  private readonly meetings: InternalClient;

  constructor(clients: InternalClients, @Inject(SERVICE_CONFIG) config: ActionsEnv) {
    this.meetings = clients.to(config.MEETINGS_INTERNAL_URL);
  }

  exportPage(afterId: string | undefined, limit: number): Promise<MeetingsExportPage> {
    return this.meetings.get('/internal/meetings/export', MeetingsExportPageSchema, {
      query: { afterId, limit },
    });
  }
}

/** svc-meetings did not answer (not reachable, or not in time): worth trying again later. */
export function isUpstreamUnavailable(error: unknown): boolean {
  return error instanceof DomainError && (error.status === 503 || error.status === 504);
}
