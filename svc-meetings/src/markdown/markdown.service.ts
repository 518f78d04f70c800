import { markdownFileName } from '@meetings/domain';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { MeetingStore } from '../store/meeting-store.js';
import { meetingMarkdown } from './meeting-markdown.js';

/** The meeting as a Markdown file, for anyone who may read it. */
@Injectable()
export class MarkdownService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MeetingAccess,
    private readonly meetings: MeetingStore,
  ) {}

  async export(caller: Caller, meetingId: string): Promise<{ fileName: string; markdown: string }> {
    const meeting = await this.access.readable(caller, meetingId);
    const full = await this.meetings.full(this.dataSource, meeting);
    return {
      fileName: markdownFileName(meeting),
      markdown: meetingMarkdown(full, caller.timeZone),
    };
  }
}
