import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SHARE_ROLES, type ShareRole } from '@meetings/contracts';
import { MeetingCopy } from '../texts.js';

/** "Can view" or "Can edit", as a choice (`label` names it) or as text. */
export function RoleSelect({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: ShareRole;
  onChange: (role: ShareRole) => void;
  disabled?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={value}
      disabled={disabled}
      onChange={(event) =>
        onChange(SHARE_ROLES.find((role) => role === event.target.value) ?? 'viewer')
      }
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
    >
      {SHARE_ROLES.map((role) => (
        <option key={role} value={role}>
          {MeetingCopy.roles[role]}
        </option>
      ))}
    </TextField>
  );
}

/**
 * The people a meeting is shared with, as chips; with `onRemove`, each chip can be deleted; with
 * `roles`, each shows its role (a choice with `onRoleChange`).
 */
export function EmailChips({
  emails,
  onRemove,
  roles,
  onRoleChange,
}: {
  emails: readonly string[];
  onRemove?: (email: string) => void;
  roles?: Readonly<Record<string, ShareRole>>;
  onRoleChange?: (email: string, role: ShareRole) => void;
}) {
  return (
    <Box
      component="ul"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {emails.map((email) => {
        const role = roles ? (roles[email] ?? 'viewer') : undefined;
        return (
          <Box component="li" key={email} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {onRemove ? (
              <Chip
                label={email}
                onDelete={() => onRemove(email)}
                deleteIcon={<CancelIcon titleAccess={MeetingCopy.removeShare(email)} />}
              />
            ) : (
              <Chip label={email} variant="outlined" />
            )}
            {role && onRoleChange ? (
              <RoleSelect
                label={MeetingCopy.roleOf(email)}
                value={role}
                onChange={(next) => onRoleChange(email, next)}
              />
            ) : role ? (
              <Typography variant="caption" color="text.secondary">
                {MeetingCopy.roles[role]}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
