import { setTimeout as sleep } from 'node:timers/promises';
import { MeetingsExportPageSchema } from '@meetings/contracts';
import {
  DomainError,
  InternalClients,
  LOGGER,
  SERVICE_CONFIG,
  type InternalClient,
} from '@meetings/service-kit';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { ActionsEnv } from '../config.js';
import { MeetingIndexWriter } from './meeting-index.writer.js';

export type RebuildTrigger = 'operator' | 'start' | 'cli';

export interface RebuildStatus {
  state: 'idle' | 'running' | 'succeeded' | 'failed';
  trigger?: RebuildTrigger;
  startedAt?: string;
  finishedAt?: string;
  /** Meetings svc-meetings exported so far. */
  exported: number;
  /** Of those, the ones newer than the index (the rest it already had). */
  applied: number;
  /** Meetings the index had but svc-meetings no longer has, now tombstones. */
  retired: number;
  error?: string;
}

/** Waits between attempts while svc-meetings does not answer yet: 1 s, 2 s, 4 s … 30 s (about 2 min). */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000];

/**
 * Rebuilds the whole index from svc-meetings: pages through its export and upserts every snapshot
 * under the version rule, so live events arriving meanwhile are never overwritten by older data;
 * then retires meetings the export no longer holds. One rebuild at a time per process.
 */
@Injectable()
export class IndexRebuildService implements OnApplicationBootstrap, OnModuleDestroy {
  private current: Promise<RebuildStatus> | null = null;
  private status: RebuildStatus = { state: 'idle', exported: 0, applied: 0, retired: 0 };
  private readonly stopping = new AbortController();
  /** svc-meetings' export over its internal HTTP route. */
  private readonly meetings: InternalClient;

  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: MeetingIndexWriter,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_CONFIG) private readonly config: ActionsEnv,
    clients: InternalClients,
  ) {
    this.meetings = clients.to(config.MEETINGS_INTERNAL_URL);
  }

  onApplicationBootstrap(): void {
    // In the background: the service answers (from an empty index) while svc-meetings is away.
    if (this.config.INDEX_REBUILD_ON_START) void this.rebuildIfEmpty();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.current?.catch(() => undefined);
  }

  currentStatus(): RebuildStatus {
    return { ...this.status };
  }

  /** Starts a rebuild, or joins the one running; resolves with its outcome, rejects if it failed. */
  rebuild(trigger: RebuildTrigger): Promise<RebuildStatus> {
    this.current ??= this.run(trigger).finally(() => (this.current = null));
    return this.current;
  }

  /** Starts a rebuild in the background (or leaves the running one) and says where it stands. */
  start(trigger: RebuildTrigger): RebuildStatus {
    this.rebuild(trigger).catch(() => undefined);
    return this.currentStatus();
  }

  /** Rebuilds, trying again while svc-meetings does not answer yet (it may be starting too). */
  async rebuildWhenReachable(trigger: RebuildTrigger): Promise<RebuildStatus> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.rebuild(trigger);
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        const { signal } = this.stopping;
        if (signal.aborted || !isUpstreamUnavailable(error) || delay === undefined) throw error;
        if (attempt === 0)
          this.logger.warn(
            { retryInMs: delay },
            'svc-meetings does not answer yet; the index rebuild will retry',
          );
        await sleep(delay, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) throw error;
      }
    }
  }

  private async rebuildIfEmpty(): Promise<void> {
    try {
      if (!(await this.writer.isEmpty())) return;
      this.logger.info('action index is empty: rebuilding it from svc-meetings');
      this.logger.info(await this.rebuildWhenReachable('start'), 'action index rebuilt at start');
    } catch (error) {
      if (this.stopping.signal.aborted) return;
      this.logger.error(
        { err: error },
        'action index rebuild at start gave up; run it with the operator route or the CLI',
      );
    }
  }

  private async run(trigger: RebuildTrigger): Promise<RebuildStatus> {
    this.status = { state: 'running', trigger, exported: 0, applied: 0, retired: 0 };
    this.logger.info({ trigger }, 'action index rebuild started');
    try {
      // The database's clock, the one that stamps indexed_at.
      const [{ now: startedAt }] = (await this.dataSource.query(
        `SELECT clock_timestamp() AS now`,
      )) as [{ now: Date }];
      this.status.startedAt = startedAt.toISOString();
      const seen = await this.copyEverything();
      this.status.retired = await this.writer.retireMissing(seen, startedAt);
      this.status = { ...this.status, state: 'succeeded', finishedAt: new Date().toISOString() };
      return this.currentStatus();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.status = {
        ...this.status,
        state: 'failed',
        finishedAt: new Date().toISOString(),
        error: text,
      };
      // Callers that retry while svc-meetings is away say so once, not at every attempt.
      this.logger[isUpstreamUnavailable(error) ? 'debug' : 'warn'](
        { err: error, ...this.status },
        'action index rebuild failed',
      );
      throw error;
    }
  }

  /** Pages through svc-meetings' export; returns the ids it holds. */
  private async copyEverything(): Promise<Set<string>> {
    const seen = new Set<string>();
    let afterId: string | undefined;
    do {
      if (this.stopping.signal.aborted) throw new Error('The service is stopping.');
      const page = await this.meetings.get('/internal/meetings/export', MeetingsExportPageSchema, {
        query: { afterId, limit: this.config.INDEX_REBUILD_PAGE_SIZE },
      });
      for (const meeting of page.meetings) seen.add(meeting.id);
      this.status.applied += await this.writer.upsertAll(page.meetings);
      this.status.exported += page.meetings.length;
      // A cursor that does not move would loop forever.
      if (page.nextAfterId !== undefined && page.nextAfterId === afterId)
        throw new Error('The meetings export did not advance.');
      afterId = page.nextAfterId;
    } while (afterId);
    return seen;
  }
}

/** svc-meetings did not answer (not reachable, or not in time): worth trying again later. */
export function isUpstreamUnavailable(error: unknown): boolean {
  return error instanceof DomainError && (error.status === 503 || error.status === 504);
}
