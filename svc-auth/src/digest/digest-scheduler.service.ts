import { LOGGER, SERVICE_CONFIG } from '@meetings/service-kit';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Logger } from 'pino';
import type { AuthEnv } from '../config.js';
import { DigestSender } from './digest-sender.service.js';

/** A first pass this soon after start, so a replica coming back sends a missed digest at once. */
const FIRST_PASS_MS = 5_000;

/**
 * Runs a digest pass every DIGEST_TICK_SECONDS on each replica. Timers are unref'd (they never
 * keep the process alive) and one pass runs at a time; which replica sends is settled in
 * PostgreSQL (DigestSender), not here.
 */
@Injectable()
export class DigestScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;

  constructor(
    private readonly sender: DigestSender,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.DIGEST_TICK_SECONDS * 1000;
    if (every === 0) return;
    const schedule = (delay: number) => {
      this.timer = setTimeout(() => {
        this.tick();
        schedule(every);
      }, delay);
      this.timer.unref();
    };
    schedule(Math.min(FIRST_PASS_MS, every));
  }

  /** Starts a pass unless one is running; resolves when the pass it started or found ends. */
  tick(now?: Date): Promise<void> {
    this.pass ??= this.sender
      .run(now)
      .then((summary) => {
        if (summary.sent + summary.failed > 0) this.logger.info(summary, 'digest pass');
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: { message: (error as Error).message } }, 'digest pass failed'),
      )
      .finally(() => {
        this.pass = null;
      });
    return this.pass;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.pass;
  }
}
