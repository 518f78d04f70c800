import { savedFields } from '../optimistic.js';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type Meeting } from '@meetings/contracts';
import { durationChoices, repeatChoices } from '@meetings/domain';
import { errorText, useToast, useUserTimeZone } from '@meetings/shell-context';
import { useMemo, useState } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { useMeetingsApi } from '../../api.js';
import { meetingPath } from '../../paths.js';
import { SeriesCopy } from '../../texts.js';
import type { MeetingPatch } from '../useMeetingLoad.js';
import { CalendarLink } from './CalendarLink.js';

const DURATIONS = durationChoices();
const NONE = 'none';
const CUSTOM = 'custom';

/**
 * Beside the date and time: how the meeting repeats (the choices of its own day in the owner's
 * zone, or a custom RRULE the server checks), how long it lasts, its next meeting and its
 * calendar file. Each change is saved at once.
 */
export function SeriesControls({
  meeting,
  onChange,
}: {
  meeting: Pick<Meeting, '_id' | 'date' | 'recurrence' | 'durationMinutes'>;
  onChange: (patch: MeetingPatch) => void;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const navigate = useNavigate();
  const timeZone = useUserTimeZone();
  const choices = useMemo(
    () => repeatChoices(new Date(meeting.date), timeZone),
    [meeting.date, timeZone],
  );
  const preset = choices.find((choice) => choice.rule === meeting.recurrence);
  const selected = meeting.recurrence === null ? NONE : (preset?.kind ?? CUSTOM);
  const [customOpen, setCustomOpen] = useState(false);
  const [customRule, setCustomRule] = useState(meeting.recurrence ?? '');
  const [customError, setCustomError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(body: { recurrence?: string | null; durationMinutes?: number }) {
    setBusy(true);
    try {
      const { meeting: saved } = await api.updateInfo(meeting._id, body);
      onChange(savedFields(saved, 'recurrence', 'durationMinutes'));
      toast.success(
        body.durationMinutes === undefined ? SeriesCopy.repeatSaved : SeriesCopy.durationSaved,
      );
      return true;
    } catch (error) {
      const text = errorText(error, SeriesCopy.saveFailed);
      if (body.recurrence !== undefined && customOpen) setCustomError(text);
      else toast.error(text);
      return false;
    } finally {
      setBusy(false);
    }
  }

  function choose(kind: string) {
    if (kind === CUSTOM) {
      setCustomOpen(true);
      setCustomError(null);
      return;
    }
    setCustomOpen(false);
    if (kind === NONE) void save({ recurrence: null });
    else void save({ recurrence: choices.find((choice) => choice.kind === kind)!.rule });
  }

  async function next() {
    setBusy(true);
    try {
      const { meeting: nextMeeting } = await api.nextOccurrence(meeting._id);
      navigate(meetingPath(nextMeeting.id));
    } catch (error) {
      toast.error(errorText(error, SeriesCopy.nextFailed));
    } finally {
      setBusy(false);
    }
  }

  const showCustom = customOpen || selected === CUSTOM;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        id="meeting-repeats"
        select
        label={SeriesCopy.repeats}
        value={customOpen ? CUSTOM : selected}
        disabled={busy}
        onChange={(event) => choose(event.target.value)}
        size="small"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 220 }}
      >
        <option value={NONE}>{SeriesCopy.doesNotRepeat}</option>
        {choices.map((choice) => (
          <option key={choice.kind} value={choice.kind}>
            {choice.label}
          </option>
        ))}
        <option value={CUSTOM}>{SeriesCopy.custom}</option>
      </TextField>
      {showCustom ? (
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            const rule = customRule.trim();
            setCustomError(null);
            void save({ recurrence: rule === '' ? null : rule }).then((saved) => {
              if (saved) setCustomOpen(false);
            });
          }}
        >
          <TextField
            id="meeting-custom-rule"
            label={SeriesCopy.customRule}
            value={customRule}
            onChange={(event) => {
              setCustomRule(event.target.value);
              setCustomError(null);
            }}
            error={customError !== null}
            helperText={customError ?? SeriesCopy.customRuleHelp}
            size="small"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 300 } }}
            sx={{ minWidth: 260 }}
          />
          <Button type="submit" variant="outlined" disabled={busy} sx={{ mt: 0.25 }}>
            {SeriesCopy.applyRule}
          </Button>
        </Box>
      ) : null}
      <TextField
        id="meeting-duration"
        select
        label={SeriesCopy.duration}
        value={meeting.durationMinutes}
        disabled={busy}
        onChange={(event) => void save({ durationMinutes: Number(event.target.value) })}
        size="small"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 120 }}
      >
        {DURATIONS.map((choice) => (
          <option key={choice.minutes} value={choice.minutes}>
            {choice.label}
          </option>
        ))}
      </TextField>
      {meeting.recurrence ? (
        <Button startIcon={<EventRepeatIcon />} disabled={busy} onClick={() => void next()}>
          {SeriesCopy.nextMeeting}
        </Button>
      ) : null}
      <CalendarLink meetingId={meeting._id} />
    </Box>
  );
}
