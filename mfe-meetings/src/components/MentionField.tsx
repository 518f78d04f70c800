import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useId, useState, type KeyboardEvent } from 'react';
import { OwedCopy } from '../texts.js';
import { mentionAt, mentionMatches, withoutMention } from './mentions.js';

/**
 * The add box. With `people`, typing `@` suggests them (arrows move, Enter or a click picks,
 * Escape closes); the pick becomes the new item's assignee, shown as a chip, and its `@word`
 * leaves the text.
 */
export function MentionField({
  value,
  onChange,
  people,
  assignee,
  onAssignee,
  placeholder,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  people?: readonly string[];
  assignee: string | null;
  onAssignee: (email: string | null) => void;
  placeholder: string;
  disabled: boolean;
}) {
  const listId = useId();
  const [highlight, setHighlight] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const mention = people ? mentionAt(value) : null;
  const matches = mention && people ? mentionMatches(people, mention.query) : [];
  const open = matches.length > 0 && dismissed !== value;
  const active = Math.min(highlight, matches.length - 1);

  function pick(email: string) {
    if (!mention) return;
    onChange(withoutMention(value, mention));
    onAssignee(email);
    setHighlight(0);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((active + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(matches[active]!);
    } else if (event.key === 'Escape') {
      setDismissed(value);
    }
  }

  return (
    <Box sx={{ position: 'relative', flexGrow: 1 }}>
      <TextField
        size="small"
        fullWidth
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setHighlight(0);
        }}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        disabled={disabled}
        slotProps={{
          htmlInput: {
            'aria-label': placeholder,
            'aria-controls': open ? listId : undefined,
            'aria-autocomplete': people ? 'list' : undefined,
            'aria-activedescendant': open ? `${listId}-${active}` : undefined,
          },
          input: assignee
            ? {
                endAdornment: (
                  <Chip
                    size="small"
                    label={OwedCopy.newAssignee(assignee)}
                    onDelete={() => onAssignee(null)}
                    sx={{ maxWidth: '50%' }}
                  />
                ),
              }
            : undefined,
        }}
      />
      {open ? (
        <Paper
          elevation={4}
          sx={{ position: 'absolute', zIndex: 'modal', left: 0, right: 0, mt: 0.5 }}
        >
          <List id={listId} role="listbox" aria-label={OwedCopy.people} dense>
            {matches.map((email, index) => (
              <ListItemButton
                key={email}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                // Keeps the focus in the box, so typing goes on after a click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(email)}
              >
                {email}
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
    </Box>
  );
}
