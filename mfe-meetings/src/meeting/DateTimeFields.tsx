import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { dateInputValue, formatTime, timeChoices, withDay, withTime } from '@meetings/domain/dates';
import { MeetingCopy } from '../texts.js';

const TIME_CHOICES = timeChoices();

/**
 * A native date input and a time select with the 96 quarter-hour choices. A stored
 * time between the choices still shows, without becoming a choice.
 */
export function DateTimeFields({
  value,
  onChange,
  disabled = false,
  idPrefix,
}: {
  value: Date;
  onChange: (next: Date) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const time = formatTime(value);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        id={`${idPrefix}-date`}
        type="date"
        label={MeetingCopy.dateLabel}
        value={dateInputValue(value)}
        disabled={disabled}
        onChange={(event) => {
          if (event.target.value) onChange(withDay(value, event.target.value));
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
        disabled={disabled}
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
