import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import { MeetingCopy } from '../texts.js';

/** The list e-mail chips go into. */
export function EmailList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="ul"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {children}
    </Box>
  );
}

/** One person a meeting is shared with; with `onRemove`, the chip can be deleted. */
export function EmailChip({ email, onRemove }: { email: string; onRemove?: () => void }) {
  return (
    <li>
      {onRemove ? (
        <Chip
          label={email}
          onDelete={onRemove}
          deleteIcon={<CancelIcon titleAccess={MeetingCopy.removeShare(email)} />}
        />
      ) : (
        <Chip label={email} variant="outlined" />
      )}
    </li>
  );
}

/** The people a meeting is shared with, as chips; with `onRemove`, each chip can be deleted. */
export function EmailChips({
  emails,
  onRemove,
}: {
  emails: readonly string[];
  onRemove?: (email: string) => void;
}) {
  return (
    <EmailList>
      {emails.map((email) => (
        <EmailChip
          key={email}
          email={email}
          onRemove={onRemove ? () => onRemove(email) : undefined}
        />
      ))}
    </EmailList>
  );
}
