import { MeetingDeletedSchema, MeetingUpsertedSchema, Subjects } from '@meetings/contracts';
import {
  DomainError,
  eventData,
  LOGGER,
  MESSAGE_BUS,
  type MessageBus,
} from '@meetings/service-kit';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { LiveNotesServer, type RoomSocket } from './live-notes.server.js';

/**
 * Rights follow changes to the meeting while people are in its room: after a change to it (its
 * shared list or roles among them) every socket on this replica is checked again, and one whose
 * person lost sight of the meeting, or went from editor to viewer or back, is ended; the editor
 * connects again and gets what it may now have (refused, read-only or writable). A deleted
 * meeting ends every socket. Every replica hears every change (the bus's broadcast subscription).
 */
@Injectable()
export class LiveNotesRights implements OnModuleInit, OnModuleDestroy {
  private unsubscribes: (() => void)[] = [];

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly server: LiveNotesServer,
    private readonly access: MeetingAccess,
  ) {}

  onModuleInit(): void {
    this.unsubscribes = [
      this.bus.subscribe(Subjects.MeetingUpserted, (delivery) => {
        const data = eventData(delivery, MeetingUpsertedSchema);
        if (!data) return;
        const meetingId = data.meeting.id;
        for (const socket of this.server.socketsOf(meetingId)) void this.check(meetingId, socket);
      }),
      this.bus.subscribe(Subjects.MeetingDeleted, (delivery) => {
        const data = eventData(delivery, MeetingDeletedSchema);
        if (data) for (const socket of this.server.socketsOf(data.meetingId)) socket.reconnect();
      }),
    ];
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
  }

  private async check(meetingId: string, socket: RoomSocket): Promise<void> {
    let rights: 'read' | 'edit' | null;
    try {
      rights = await this.access.liveNotesRights(socket.caller, meetingId);
    } catch (error) {
      if (!(error instanceof DomainError)) {
        // Not known now (svc-subscription away): the socket keeps what it was given.
        this.logger.warn({ err: error, meetingId }, 'live notes: could not check rights again');
        return;
      }
      rights = null;
    }
    if (rights === null || (rights === 'read') !== socket.readOnly) socket.reconnect();
  }
}
