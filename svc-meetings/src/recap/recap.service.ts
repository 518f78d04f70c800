import {
  MeetingErrorCode,
  RECAP_INTERVAL_MINUTES,
  Subjects,
  type SendRecapResponse,
} from '@meetings/contracts';
import { Outbox } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { meetingError } from '../errors.js';
import { MeetingStore } from '../store/meeting-store.js';
import { recapEvent } from './recap-event.js';

/**
 * Sends a meeting's recap: the send is recorded on the meeting (at most one per
 * RECAP_INTERVAL_MINUTES) and its event written in the same transaction; svc-auth mails it
 * (docs/adr/0008). The meeting's version does not move: nothing other services copy changed.
 */
@Injectable()
export class RecapService {
  constructor(
    private readonly outbox: Outbox,
    private readonly access: MeetingAccess,
    private readonly meetings: MeetingStore,
  ) {}

  async send(caller: Caller, meetingId: string): Promise<SendRecapResponse> {
    const plan = await this.access.editingPlan(caller);
    return this.outbox.transaction(async (tx, emit) => {
      const meeting = await this.access.readable(caller, meetingId, tx);
      await this.access.requireEditorWith(tx, caller, meeting, plan);
      if (!(await this.meetings.claimRecap(tx, meetingId, RECAP_INTERVAL_MINUTES)))
        throw meetingError(MeetingErrorCode.RecapTooSoon);
      const recap = recapEvent(await this.meetings.full(tx, meeting), caller);
      emit(Subjects.RecapRequested, recap);
      return { sent: recap.recipients.length };
    });
  }
}
