import { MEETING_DURATION } from '@meetings/contracts';
import { wallClock } from '@meetings/domain/dates';

/** The "Repeats" choices the meeting page offers besides "Does not repeat" and a custom rule. */
export interface RepeatChoice {
  kind: 'weekly' | 'biweekly' | 'monthly';
  label: string;
  rule: string;
}

const NTH = ['first', 'second', 'third', 'fourth'];
/**
 * The rules of the meeting's own day in the owner's zone: weekly on its weekday, every two weeks,
 * monthly on its nth weekday (the fifth is "the last", which every month has).
 */
export function repeatChoices(date: Date, timeZone: string): RepeatChoice[] {
  const { weekday, day: dayOfMonth } = wallClock(timeZone, date);
  const day = Number(dayOfMonth);
  // RFC 5545 names a day by the first two letters of its English name (MO, TU, ...).
  const code = weekday.slice(0, 2).toUpperCase();
  const nth = Math.ceil(day / 7);
  const monthly =
    nth <= 4
      ? {
          label: `Monthly on the ${NTH[nth - 1]} ${weekday}`,
          rule: `FREQ=MONTHLY;BYDAY=${nth}${code}`,
        }
      : { label: `Monthly on the last ${weekday}`, rule: `FREQ=MONTHLY;BYDAY=-1${code}` };
  return [
    { kind: 'weekly', label: `Weekly on ${weekday}`, rule: `FREQ=WEEKLY;BYDAY=${code}` },
    { kind: 'biweekly', label: 'Every 2 weeks', rule: `FREQ=WEEKLY;INTERVAL=2;BYDAY=${code}` },
    { kind: 'monthly', ...monthly },
  ];
}

/** The durations a meeting may have, 15 minutes to 8 hours, with their labels ("1 h 15 min"). */
export function durationChoices(): { minutes: number; label: string }[] {
  const choices = [];
  for (
    let minutes = MEETING_DURATION.min;
    minutes <= MEETING_DURATION.max;
    minutes += MEETING_DURATION.step
  )
    choices.push({ minutes, label: durationLabel(minutes) });
  return choices;
}

export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
