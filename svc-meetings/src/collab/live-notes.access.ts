import { DomainError } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';

/**
 * What a caller may do in a meeting's live notes: nothing (the meeting's own refusal: not found,
 * access denied), `read`, or `edit` exactly where an HTTP save of the notes would be accepted
 * (owner or editor, on a plan that edits).
 */
@Injectable()
export class LiveNotesAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MeetingAccess,
  ) {}

  async rights(caller: Caller, meetingId: string): Promise<'read' | 'edit'> {
    // Sight first: it needs only the database, so a lost share is found even when the plan cannot be asked.
    const meeting = await this.access.readable(caller, meetingId);
    const plan = await this.access.editingPlan(caller);
    try {
      await this.access.requireEditorWith(this.dataSource.manager, caller, meeting, plan);
      return 'edit';
    } catch (error) {
      if (error instanceof DomainError && error.status === 403) return 'read';
      throw error;
    }
  }
}
