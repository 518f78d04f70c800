import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { dueState, formatDueDate, initials, todayIn } from '@meetings/domain';
import { useUserTimeZone } from '@meetings/shell-context';
import { useSyncExternalStore } from 'react';

export const ActionMetaTexts = {
  assignedTo: (email: string) => `Assigned to ${email}`,
  due: (date: string) => `Due ${date}`,
  overdue: (date: string) => `Overdue, due ${date}`,
  dueToday: (date: string) => `Due today, ${date}`,
} as const;

const MINUTE = 60_000;

// One clock for every row on the page: a tick each minute re-reads the day, and a row
// renders again only when the day it shows has changed.
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;
let latest = { key: '', today: '' };

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  ticker ??= setInterval(() => listeners.forEach((notify) => notify()), MINUTE);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

function todayOnce(timeZone: string): string {
  const key = `${timeZone} ${Math.floor(Date.now() / MINUTE)}`;
  if (latest.key !== key) latest = { key, today: todayIn(timeZone) };
  return latest.today;
}

/**
 * Today (YYYY-MM-DD) in the user's time zone (docs/adr/0007; the browser's until the shell
 * knows it), moving on at midnight: the same day the server's due filters use.
 */
export function useToday(): string {
  const timeZone = useUserTimeZone();
  return useSyncExternalStore(subscribe, () => todayOnce(timeZone));
}

/** The assignee as initials in an avatar; the address shows on hover and on focus. */
export function AssigneeAvatar({ email }: { email: string }) {
  return (
    <Tooltip title={email} describeChild>
      <Avatar
        tabIndex={0}
        role="img"
        aria-label={ActionMetaTexts.assignedTo(email)}
        data-assignee={email}
        sx={{ width: 26, height: 26, fontSize: 12, bgcolor: 'secondary.main' }}
      >
        {initials(email)}
      </Avatar>
    </Tooltip>
  );
}

/** "weekday dd/MM/yyyy"; overdue in the error colour, due today highlighted. */
export function DueDateLabel({
  dueDate,
  completed,
  today,
}: {
  dueDate: string;
  completed: boolean;
  today: string;
}) {
  const state = dueState(dueDate, today, completed);
  const shown = formatDueDate(dueDate);
  const label =
    state === 'overdue'
      ? ActionMetaTexts.overdue(shown)
      : state === 'today'
        ? ActionMetaTexts.dueToday(shown)
        : ActionMetaTexts.due(shown);
  return (
    <Typography
      component="span"
      variant="caption"
      data-due={state}
      aria-label={label}
      sx={{
        whiteSpace: 'nowrap',
        px: 0.75,
        borderRadius: 1,
        color:
          state === 'overdue'
            ? 'error.main'
            : state === 'today'
              ? 'warning.contrastText'
              : 'text.secondary',
        bgcolor: state === 'today' ? 'warning.main' : 'transparent',
        fontWeight: state === 'upcoming' ? 400 : 600,
      }}
    >
      {shown}
    </Typography>
  );
}

/** An action's assignee and due date, each only when set. */
export function ActionMeta({
  assignee,
  dueDate,
  completed,
}: {
  assignee?: string | null;
  dueDate?: string | null;
  completed: boolean;
}) {
  const today = useToday();
  if (!assignee && !dueDate) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexShrink: 0 }}>
      {dueDate ? <DueDateLabel dueDate={dueDate} completed={completed} today={today} /> : null}
      {assignee ? <AssigneeAvatar email={assignee} /> : null}
    </Box>
  );
}
