import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { isMeetingDate, ValidationMessages } from '@meetings/contracts';
import {
  dateInputValue,
  formatTime,
  formatWeekdayDate,
  timeChoices,
  withDay,
  withTime,
} from '@meetings/domain/dates';
import { useEffect, useState } from 'react';
import { MeetingCopy } from '../texts.js';

const TIME_CHOICES = timeChoices();

/**
 * A native date input and a time select with the 96 quarter-hour choices. The native input
 * writes the day in the browser's locale and cannot be told otherwise, so the day is also written
 * under it in the product's format, as every other screen shows it. A stored
 * time between the choices still shows, without becoming a choice. A typed day outside the years
 * a meeting may have (a year half typed, "0026") is shown as an error and not passed on.
 */
export function DateTimeFields({
  value,
  onChange,
  onValidityChange,
  idPrefix,
}: {
  value: Date;
  onChange: (next: Date) => void;
  onValidityChange?: (valid: boolean) => void;
  idPrefix: string;
}) {
  const time = formatTime(value);
  const day = dateInputValue(value);
  // What was typed over the day it was typed on; a new day from outside replaces it.
  const [typed, setTyped] = useState({ over: day, text: day });
  const draft = typed.over === day ? typed.text : day;
  const invalid = draft !== day;
  useEffect(() => onValidityChange?.(!invalid), [invalid, onValidityChange]);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        id={`${idPrefix}-date`}
        type="date"
        label={MeetingCopy.dateLabel}
        value={draft}
        error={invalid}
        helperText={invalid ? ValidationMessages.meetingDateOutOfRange : formatWeekdayDate(value)}
        onChange={(event) => {
          const text = event.target.value;
          const next = text ? withDay(value, text) : null;
          if (next && isMeetingDate(next)) {
            setTyped({ over: text, text });
            onChange(next);
          } else setTyped({ over: day, text });
        }}
        size="small"
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ minWidth: 170 }}
      />
      <TextField
        id={`${idPrefix}-time`}
        select
        label={MeetingCopy.timeLabel}
        value={time}
        onChange={(event) => onChange(withTime(value, event.target.value))}
        size="small"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 110 }}
      >
        {TIME_CHOICES.includes(time) ? null : (
          <option value={time} hidden>
            {time}
          </option>
        )}
        {TIME_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </TextField>
    </Box>
  );
}
