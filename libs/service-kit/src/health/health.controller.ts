import { setTimeout as sleep } from 'node:timers/promises';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../auth/auth.guard.js';
import type { MessageBus } from '../messaging/bus.js';
import { MESSAGE_BUS } from '../tokens.js';

const CHECK_TIMEOUT_MS = 1_500;

/** Liveness (the process answers) and readiness (its database and message bus answer). */
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  @Public()
  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Public()
  @Get('readyz')
  async ready(
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ status: string; checks: Record<string, boolean> }> {
    const database = await Promise.race([
      this.dataSource.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      sleep(CHECK_TIMEOUT_MS, false, { ref: false }),
    ]);
    const bus = this.bus.isConnected();
    const ready = database && bus;
    void reply.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks: { database, bus } };
  }
}
