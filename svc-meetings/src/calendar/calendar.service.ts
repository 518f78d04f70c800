import { createHash, createHmac, randomBytes } from 'node:crypto';
import { MeetingErrorCode } from '@meetings/contracts';
import { SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import type { MeetingsEnv } from '../config.js';
import { meetingError } from '../errors.js';
import { CalendarFeedEntity, MeetingEntity, type MeetingHead } from '../store/entities.js';
import { selection } from '../store/query.js';
import { calendarFile, type CalendarEntry } from './ics.js';

/** Outside production only: production refuses to start without CALENDAR_FEED_SECRET. */
const DEVELOPMENT_FEED_SECRET = 'meetingkeeper-development-only-calendar-feed-secret';
const DAY_MS = 86_400_000;
const FEED_DAYS_BACK = 30;
const FEED_DAYS_AHEAD = 365;
/** A bound on one feed's size: far more than a year of meetings for anyone. */
const FEED_MAX_MEETINGS = 5_000;

/** A meeting's own calendar file, and each user's private feed of the meetings they may read. */
@Injectable()
export class CalendarService {
  private readonly secret: string;
  private readonly baseUrl: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MeetingAccess,
    @Inject(SERVICE_CONFIG) config: MeetingsEnv,
  ) {
    this.secret = config.CALENDAR_FEED_SECRET ?? DEVELOPMENT_FEED_SECRET;
    this.baseUrl = config.PUBLIC_BASE_URL;
  }

  async meetingFile(caller: Caller, meetingId: string): Promise<string> {
    const meeting = await this.access.readable(caller, meetingId);
    return calendarFile(meeting.title, this.baseUrl, [{ meeting, repeats: true }]);
  }

  /** The caller's feed address; the first call makes the feed. */
  async feedUrl(caller: Caller): Promise<string> {
    const feeds = this.dataSource.getRepository(CalendarFeedEntity);
    const feed = await feeds.findOneBy({ userId: caller.id });
    if (feed) {
      if (feed.userEmail !== caller.email)
        await feeds.update({ userId: caller.id }, { userEmail: caller.email });
      return this.urlOf(feed);
    }
    // Two first calls at once make one feed: the second keeps the first one's key.
    await feeds.createQueryBuilder().insert().values(this.newFeed(caller)).orIgnore().execute();
    return this.urlOf(await feeds.findOneByOrFail({ userId: caller.id }));
  }

  /** A new address; the old one answers 404 from now on. */
  async rotateFeedUrl(caller: Caller): Promise<string> {
    const feed = this.newFeed(caller);
    await this.dataSource.getRepository(CalendarFeedEntity).upsert(feed, ['userId']);
    return this.urlOf(feed);
  }

  /** The feed behind a token: meetings the user owns or is shared on, 30 days back to a year ahead. */
  async feed(token: string): Promise<string> {
    const feed = await this.dataSource
      .getRepository(CalendarFeedEntity)
      .findOneBy({ tokenHash: hashOf(token) });
    if (!feed) throw meetingError(MeetingErrorCode.CalendarFeedNotFound);
    const now = Date.now();
    const repository = this.dataSource.getRepository(MeetingEntity);
    const meetings: MeetingHead[] = await repository
      .createQueryBuilder('m')
      .select(selection(repository.metadata, 'm', ['notes']))
      .where('(m.ownerId = :userId OR m.sharedWith @> ARRAY[:email::text])', {
        userId: feed.userId,
        email: feed.userEmail,
      })
      .andWhere('m.date >= :from AND m.date <= :to', {
        from: new Date(now - FEED_DAYS_BACK * DAY_MS),
        to: new Date(now + FEED_DAYS_AHEAD * DAY_MS),
      })
      .orderBy('m.date', 'ASC')
      .addOrderBy('m.id', 'ASC')
      .limit(FEED_MAX_MEETINGS)
      .getMany();
    return calendarFile('MeetingKeeper', this.baseUrl, feedEntries(meetings));
  }

  private newFeed(caller: Caller): CalendarFeedEntity {
    const key = { userId: caller.id, feedKey: randomBytes(32).toString('base64url') };
    return Object.assign(new CalendarFeedEntity(), {
      ...key,
      userEmail: caller.email,
      tokenHash: hashOf(this.tokenOf(key)),
    });
  }

  private tokenOf(feed: Pick<CalendarFeedEntity, 'userId' | 'feedKey'>): string {
    return createHmac('sha256', this.secret)
      .update(`${feed.userId}:${feed.feedKey}`)
      .digest('base64url');
  }

  private urlOf(feed: Pick<CalendarFeedEntity, 'userId' | 'feedKey'>): string {
    return `${this.baseUrl}/api/calendar/feed/${this.tokenOf(feed)}/meetings.ics`;
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Each meeting is an event of its own; only a series' last meeting in the feed carries the rule,
 * so calendars show the dates to come without repeating the meetings already made.
 */
function feedEntries(meetings: readonly MeetingHead[]): CalendarEntry[] {
  const last = new Map<string, string>();
  for (const meeting of meetings) if (meeting.recurrence) last.set(meeting.seriesId, meeting.id);
  return meetings.map((meeting) => ({
    meeting,
    repeats: last.get(meeting.seriesId) === meeting.id,
  }));
}
