import { addDays, todayIn } from '@meetings/domain';
import {
  DEFAULT_TIME_ZONE,
  DigestActionsResponseSchema,
  DigestRecipientsResponseSchema,
} from '@meetings/contracts';
import {
  InternalClients,
  LOGGER,
  SERVICE_CONFIG,
  type InternalClient,
} from '@meetings/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, In, IsNull, Raw } from 'typeorm';
import type { AuthEnv } from '../config.js';
import { DigestSendEntity, UserEntity } from '../entities.js';
import { MailerService, MailRejectedError } from '../mail/mailer.service.js';
import { MailSettingsService } from '../mail/mail-settings.service.js';
import { digestMail } from '../mail/templates.js';
import { UnsubscribeTokens } from '../mail/unsubscribe-tokens.service.js';
import { digestDay } from './digest-clock.js';

/** A claim older than this without an outcome belongs to a replica that died mid-send. */
const CLAIM_LEASE_SECONDS = 300;

export interface DigestRunSummary {
  sent: number;
  empty: number;
  failed: number;
}

/**
 * One pass of the daily digest: everyone with open actions overdue or due within 7 days (as
 * svc-actions knows them) whose local time is past 08:00 and who has no digest record for their
 * local day gets one, after claiming that day's record (the unique key on address and day makes
 * it once across replicas and restarts). Any replica may run a pass at any time.
 */
@Injectable()
export class DigestSender {
  /** svc-actions' internal routes for the digest (ADR 0005): who owes what, due by a day. */
  private readonly actions: InternalClient;

  constructor(
    private readonly dataSource: DataSource,
    private readonly mailer: MailerService,
    private readonly settings: MailSettingsService,
    private readonly tokens: UnsubscribeTokens,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    clients: InternalClients,
  ) {
    this.actions = clients.to(config.ACTIONS_INTERNAL_URL);
  }

  async run(now: Date = new Date()): Promise<DigestRunSummary> {
    const summary: DigestRunSummary = { sent: 0, empty: 0, failed: 0 };
    // Somewhere it is already a day later than in UTC: ask for what is due by the latest "today + 6".
    const through = addDays(todayIn('UTC', now), 7);
    let after: string | undefined;
    do {
      const page = await this.actions.get(
        '/internal/actions/digest-recipients',
        DigestRecipientsResponseSchema,
        { query: { through, after, limit: 500 } },
      );
      for (const person of await this.due(page.recipients, now)) {
        const outcome = await this.sendOne(person.email, person.day);
        if (outcome) summary[outcome]++;
      }
      after = page.next;
    } while (after);
    return summary;
  }

  /** Of these addresses, those whose digest day has come and is not yet recorded, with that day. */
  private async due(
    emails: readonly string[],
    now: Date,
  ): Promise<{ email: string; day: string }[]> {
    if (emails.length === 0) return [];
    const users = await this.dataSource.manager.find(UserEntity, {
      select: { email: true, timeZone: true },
      where: { email: In([...emails]) },
    });
    const zones = new Map(users.map((user) => [user.email, user.timeZone]));
    const optedOut = await this.settings.digestOptedOut(emails);
    const candidates = emails
      .filter((email) => !optedOut.has(email))
      .map((email) => ({ email, day: digestDay(zones.get(email) ?? DEFAULT_TIME_ZONE, now) }))
      .filter((c): c is { email: string; day: string } => c.day !== null);
    if (candidates.length === 0) return [];
    // Each address has one candidate day: its records on any candidate day, matched in pairs below.
    const recorded = await this.digests()
      .createQueryBuilder('d')
      .select(['d.email', 'd.localDate'])
      .where({ email: In(candidates.map((c) => c.email)) })
      .andWhere({ localDate: In(candidates.map((c) => c.day)) })
      .andWhere('(d.doneAt IS NOT NULL OR d.claimedAt > now() - make_interval(secs => :lease))', {
        lease: CLAIM_LEASE_SECONDS,
      })
      .getMany();
    const skip = new Set(recorded.map((row) => `${row.email} ${row.localDate}`));
    return candidates.filter((c) => !skip.has(`${c.email} ${c.day}`));
  }

  private async sendOne(email: string, day: string): Promise<keyof DigestRunSummary | null> {
    if (!(await this.claim(email, day))) return null;
    try {
      const { meetings } = await this.actions.get(
        '/internal/actions/digest',
        DigestActionsResponseSchema,
        { query: { assignee: email, through: addDays(day, 6) } },
      );
      const count = meetings.reduce((n, m) => n + m.actions.length, 0);
      if (count === 0) {
        await this.finish(email, day, 'empty', 0);
        return 'empty';
      }
      const base = this.config.PUBLIC_BASE_URL;
      const unsubscribeUrl = `${base}/api/auth/unsubscribe?token=${this.tokens.sign(email)}`;
      const mail = digestMail({
        productName: this.config.PRODUCT_NAME,
        baseUrl: base,
        today: day,
        meetings,
        unsubscribeUrl,
        settingsUrl: `${base}/app/settings`,
      });
      await this.mailer.send({
        kind: 'daily digest',
        to: email,
        senderName: this.config.PRODUCT_NAME,
        ...mail,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await this.finish(email, day, 'sent', count);
      return 'sent';
    } catch (error) {
      if (error instanceof MailRejectedError) {
        // The server will not take this address: trying all day would not change that.
        await this.finish(email, day, 'rejected', null);
      } else {
        // Released: the next pass (this replica's or another's) tries again, the same day only.
        await this.digests().delete({ email, localDate: day, doneAt: IsNull() });
      }
      this.logger.warn(
        { to: email, day, err: { message: (error as Error).message } },
        'digest not sent',
      );
      return 'failed';
    }
  }

  /** Takes the day's record: new, or left unfinished past the lease by a replica that died. */
  private async claim(email: string, day: string): Promise<boolean> {
    const claimed = await this.digests()
      .createQueryBuilder()
      .insert()
      .values({ email, localDate: day, claimedAt: () => 'now()' })
      .orUpdate(['claimed_at'], ['email', 'local_date'], {
        overwriteCondition: {
          where: {
            doneAt: IsNull(),
            claimedAt: Raw((at) => `${at} <= now() - make_interval(secs => :lease)`, {
              lease: CLAIM_LEASE_SECONDS,
            }),
          },
        },
      })
      .returning(['email'])
      .updateEntity(false)
      .execute();
    return (claimed.raw as unknown[]).length === 1;
  }

  private digests() {
    return this.dataSource.getRepository(DigestSendEntity);
  }

  private async finish(
    email: string,
    day: string,
    outcome: string,
    actionCount: number | null,
  ): Promise<void> {
    await this.digests().update(
      { email, localDate: day },
      { doneAt: () => 'now()', outcome, actionCount },
    );
  }
}
