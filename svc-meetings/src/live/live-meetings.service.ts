import { PassThrough } from 'node:stream';
import {
  LIVE_HEARTBEAT_MS,
  LIVE_RETRY_MS,
  LiveEvents,
  MeetingDeletedSchema,
  MeetingEditedSchema,
  MeetingUpsertedSchema,
  Subjects,
  type LiveChange,
  type LiveEvent,
} from '@meetings/contracts';
import {
  eventData,
  LOGGER,
  MESSAGE_BUS,
  ServiceMetrics,
  type Delivery,
  type MessageBus,
} from '@meetings/service-kit';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { canRead } from '../access/meeting-access.service.js';
import type { Caller } from '../access/caller.js';

interface Listener {
  caller: Caller;
  stream: PassThrough;
  /**
   * The newest version this listener was told of. Events may come late (the relay publishes
   * after the commit) and, from two replicas' relays, out of order: an older one tells nothing new.
   */
  seen: number;
  /** Until the caller's sight is checked (`start`), events only raise the version to tell first. */
  started: boolean;
}

/**
 * The open live streams of this replica, by meeting. Every replica hears every change through the
 * bus's broadcast subscription (not a durable consumer, which would hand each event to one
 * replica only) and tells its own listeners; nothing is stored, a listener that was away catches
 * up from the version it is sent when it connects again.
 */
@Injectable()
export class LiveMeetings implements OnModuleInit, OnModuleDestroy {
  private readonly rooms = new Map<string, Set<Listener>>();
  private unsubscribes: (() => void)[] = [];
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(LOGGER) private readonly logger: Logger,
    metrics: ServiceMetrics,
  ) {
    metrics.gauge('live_streams', 'Live streams of open meeting pages this replica holds', () => {
      let open = 0;
      for (const room of this.rooms.values()) open += room.size;
      return open;
    });
  }

  onModuleInit(): void {
    this.unsubscribes = [
      this.bus.subscribe(Subjects.MeetingUpserted, (delivery) => this.upserted(delivery)),
      this.bus.subscribe(Subjects.MeetingEdited, (delivery) => this.edited(delivery)),
      this.bus.subscribe(Subjects.MeetingDeleted, (delivery) => this.deleted(delivery)),
    ];
    this.heartbeat = setInterval(() => this.beat(), LIVE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Shutdown: every stream ends cleanly (the browser reconnects, to another replica). */
  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    clearInterval(this.heartbeat);
    for (const room of this.rooms.values()) for (const { stream } of room) stream.end();
    this.rooms.clear();
  }

  /**
   * A stream for one caller on one meeting, listening from now on: open it before reading the
   * meeting, so no change between the read and the first event slips by.
   */
  open(meetingId: string, caller: Caller): LiveListener {
    const stream = new PassThrough();
    const listener: Listener = { caller, stream, seen: 0, started: false };
    let room = this.rooms.get(meetingId);
    if (!room) this.rooms.set(meetingId, (room = new Set()));
    room.add(listener);
    stream.once('close', () => {
      room.delete(listener);
      if (room.size === 0 && this.rooms.get(meetingId) === room) this.rooms.delete(meetingId);
    });
    stream.write(`retry: ${LIVE_RETRY_MS}\n\n`);
    return {
      stream,
      /** The version the caller was found allowed to read at: the stream's first event. */
      start(version: number) {
        listener.started = true;
        listener.seen = Math.max(listener.seen, version);
        send(stream, LiveEvents.changed, { version: listener.seen });
      },
    };
  }

  /** Listeners on this replica (for tests and metrics). */
  listeners(meetingId: string): number {
    return this.rooms.get(meetingId)?.size ?? 0;
  }

  private upserted(delivery: Delivery): void {
    const data = eventData(delivery, MeetingUpsertedSchema);
    if (!data) return this.ignore(delivery);
    const { meeting } = data;
    for (const listener of this.room(meeting.id)) {
      if (!changed(listener, meeting.version)) continue;
      // Taken off the shared list: the page learns it from its next read; the stream stops here.
      if (!canRead({ ...meeting, sharedEditors: [] }, listener.caller)) listener.stream.end();
    }
  }

  private edited(delivery: Delivery): void {
    const data = eventData(delivery, MeetingEditedSchema);
    if (!data) return this.ignore(delivery);
    for (const listener of this.room(data.meetingId)) changed(listener, data.version);
  }

  private deleted(delivery: Delivery): void {
    const data = eventData(delivery, MeetingDeletedSchema);
    if (!data) return this.ignore(delivery);
    for (const { stream, started } of this.room(data.meetingId)) {
      if (started) send(stream, LiveEvents.deleted, {});
      stream.end();
    }
  }

  private beat(): void {
    for (const room of this.rooms.values())
      for (const { stream } of room) if (!stream.writableEnded) stream.write(': \n\n');
  }

  private room(meetingId: string): Listener[] {
    return [...(this.rooms.get(meetingId) ?? [])];
  }

  private ignore(delivery: Delivery): void {
    this.logger.warn({ subject: delivery.subject }, 'live updates: an event of an unknown shape');
  }
}

export interface LiveListener {
  stream: PassThrough;
  start(version: number): void;
}

/** Tells a listener of a version newer than any it knows; false for a late or repeated event. */
function changed(listener: Listener, version: number): boolean {
  if (version <= listener.seen) return false;
  listener.seen = version;
  if (!listener.started) return false;
  send(listener.stream, LiveEvents.changed, { version });
  return true;
}

function send(stream: PassThrough, event: LiveEvent, data: LiveChange | object): void {
  if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
