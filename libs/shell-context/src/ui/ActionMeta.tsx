import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { dueState, formatDueDate, initials, todayIn } from '@meetings/domain';
import { useUserTimeZone } from '@meetings/shell-context';
import { useEffect, useState } from 'react';

export const ActionMetaTexts = {
  assignedTo: (email: string) => `Assigned to ${email}`,
  due: (date: string) => `Due ${date}`,
  overdue: (date: string) => `Overdue, due ${date}`,
  dueToday: (date: string) => `Due today, ${date}`,
} as const;

const MINUTE = 60_000;

/**
 * Today (YYYY-MM-DD) in the user's time zone (docs/adr/0007; the browser's until the shell
 * knows it), moving on at midnight: the same day the server's due filters use.
 */
export function useToday(): string {
  const timeZone = useUserTimeZone();
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setMinute((minute) => minute + 1), MINUTE);
    return () => clearInterval(timer);
  }, []);
  // The formatter is cached: asking each render is cheap.
  return todayIn(timeZone);
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
