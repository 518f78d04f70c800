import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
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
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Public()
  @Get('readyz')
  async ready(
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ status: string; checks: Record<string, boolean> }> {
    const database = await withTimeout(
      this.dataSource.query('SELECT 1').then(() => true),
      CHECK_TIMEOUT_MS,
    );
    const bus = this.bus.isConnected();
    const ready = database && bus;
    void reply.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks: { database, bus } };
  }
}

async function withTimeout(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check.catch(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
