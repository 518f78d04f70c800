import { savedFields } from './optimistic.js';
import { MeetingMessages, SuccessToasts, type Meeting } from '@meetings/contracts';
import { ApiError, useToast } from '@meetings/shell-context';
import { useState } from 'react';
import { useMeetingsApi } from '../api.js';
import { DateTimeFields } from './DateTimeFields.js';
import type { MeetingPatch } from './useMeetingLoad.js';

/** The meeting's date and time; each change is saved at once, and undone if the save fails. */
export function MeetingDateTime({
  meeting,
  onChange,
}: {
  meeting: Pick<Meeting, '_id' | 'date'>;
  onChange: (patch: MeetingPatch) => void;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const [date, setDate] = useState(() => new Date(meeting.date));
  // A date changed elsewhere (live updates, or this page's own saved answer) is the one shown.
  const [shown, setShown] = useState(meeting.date);
  if (shown !== meeting.date) {
    setShown(meeting.date);
    setDate(new Date(meeting.date));
  }

  async function change(next: Date) {
    if (Number.isNaN(next.getTime()) || next.getTime() === date.getTime()) return;
    const before = date;
    setDate(next);
    try {
      const { meeting: saved } = await api.updateInfo(meeting._id, { date: next.toISOString() });
      onChange(savedFields(saved, 'date'));
      toast.success(SuccessToasts.dateTimeUpdated.title, SuccessToasts.dateTimeUpdated.description);
    } catch (error) {
      setDate(before);
      // A refusal says why under the product's text; anything else is the product's text alone.
      const reason = error instanceof ApiError && error.status < 500 && error.serverMessage;
      if (reason) toast.error(reason, MeetingMessages.updateDateTimeFailed);
      else toast.error(MeetingMessages.updateDateTimeFailed);
    }
  }

  return <DateTimeFields idPrefix="meeting" value={date} onChange={(next) => void change(next)} />;
}
