import EventIcon from '@mui/icons-material/EventOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EMAIL_MAX_LENGTH, EMAIL_SHAPE, type ActionItem } from '@meetings/contracts';
import { ActionMeta } from '@meetings/shell-context/ui';
import { useId, useState } from 'react';
import { OwedCopy } from '../../texts.js';

/** What an editor may change about who owes an action; null clears. */
export interface OwedPatch {
  assignee?: string | null;
  dueDate?: string | null;
}

// Checked with the contracts' pattern, not their schemas: the page loads no schema library. What
// the server still refuses comes back as a 400 whose message the toast shows.

/** A typed assignee as the server keeps it (trimmed, lower case), or null when it is not one. */
export function assigneeInput(text: string): string | null {
  const email = text.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(email) ? email : null;
}

/** What a date input holds: a day, or '' when cleared (or not a whole date yet). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The assignee and due date after an action's text, with a button that opens their editor: a
 * person picker offering `people` or any e-mail, a date picker, and a clear button for each.
 */
export function OwedEditor({
  action,
  people,
  onSave,
}: {
  action: Pick<ActionItem, 'text' | 'assignee' | 'dueDate' | 'completed'>;
  people: readonly string[];
  onSave: (patch: OwedPatch) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dateId = useId();

  function assign(value: string | null) {
    if (value === null) return;
    const email = assigneeInput(value);
    if (!email) {
      setError(OwedCopy.assigneeInvalid);
      return;
    }
    setError(null);
    if (email !== action.assignee) onSave({ assignee: email });
  }

  function setDue(value: string) {
    if (value && !DAY.test(value)) return;
    const next = value || null;
    if (next !== action.dueDate) onSave({ dueDate: next });
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexShrink: 0 }}>
      <ActionMeta
        assignee={action.assignee}
        dueDate={action.dueDate}
        completed={action.completed}
      />
      <IconButton
        size="small"
        className="item-owed"
        aria-label={OwedCopy.edit}
        aria-haspopup="dialog"
        onClick={(event) => {
          setTyped(action.assignee ?? '');
          setError(null);
          setAnchor(event.currentTarget);
        }}
      >
        <EventIcon fontSize="small" />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': OwedCopy.edit } }}
      >
        <Stack spacing={2} sx={{ p: 2, width: 320 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Autocomplete
              freeSolo
              fullWidth
              size="small"
              options={people}
              value={action.assignee}
              inputValue={typed}
              onInputChange={(_, value) => setTyped(value)}
              onChange={(_, value) => assign(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={OwedCopy.assignee}
                  placeholder={OwedCopy.assigneePlaceholder}
                  error={error !== null}
                  helperText={error ?? undefined}
                  autoFocus
                />
              )}
            />
            <Button
              size="small"
              disabled={!action.assignee}
              onClick={() => {
                setTyped('');
                onSave({ assignee: null });
              }}
              sx={{ flexShrink: 0, mt: 0.5 }}
            >
              {OwedCopy.clearAssignee}
            </Button>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              id={dateId}
              type="date"
              size="small"
              fullWidth
              label={OwedCopy.dueDate}
              value={action.dueDate ?? ''}
              onChange={(event) => setDue(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              size="small"
              disabled={!action.dueDate}
              onClick={() => onSave({ dueDate: null })}
              sx={{ flexShrink: 0, mt: 0.5 }}
            >
              {OwedCopy.clearDueDate}
            </Button>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={() => setAnchor(null)}>{OwedCopy.close}</Button>
          </Box>
        </Stack>
      </Popover>
    </Box>
  );
}
