import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { MeetingCopy } from '../texts.js';

/** The people a meeting is shared with, as chips; with `onRemove`, each chip can be deleted. */
export function EmailChips({
  emails,
  onRemove,
}: {
  emails: readonly string[];
  onRemove?: (email: string) => void;
}) {
  return (
    <Box
      component="ul"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {emails.map((email) => (
        <li key={email}>
          {onRemove ? (
            <Chip
              label={email}
              onDelete={() => onRemove(email)}
              deleteIcon={<CancelIcon titleAccess={MeetingCopy.removeShare(email)} />}
            />
          ) : (
            <Chip label={email} variant="outlined" />
          )}
        </li>
      ))}
    </Box>
  );
}
