import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ListMessages, SEARCH_MAX_LENGTH } from '@meetings/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { ActionsCopy } from '../texts.js';
import { useHashtagSuggestions } from '@meetings/shell-context';

export interface SearchBoxProps {
  text: string;
  onTextChange(text: string): void;
  /** A suggestion was picked (Enter or click). */
  onPick(tag: string): void;
  /** Enter with no suggestion list: search now rather than after the debounce. */
  onSubmit(): void;
  helperText?: string;
}

/**
 * The actions search box with hashtag autocomplete: while the text after the last #
 * matches part of a known hashtag, a list of them opens; Enter picks the highlighted one (the
 * first unless the arrow keys moved), a click picks one, Escape closes the list.
 */
export function SearchBox({ text, onTextChange, onPick, onSubmit, helperText }: SearchBoxProps) {
  const listId = useId();
  const { fragment, suggestions, settled } = useHashtagSuggestions(text);
  const [focused, setFocused] = useState(false);
  // Escape closes the list until the text changes again.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState(0);

  const open = focused && fragment !== null && closedAt !== text;
  const active = Math.min(highlighted, suggestions.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  function pick(tag: string) {
    setHighlighted(0);
    onPick(tag);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const listed = open && suggestions.length > 0;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (listed) pick(suggestions[active]!);
      else onSubmit();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setClosedAt(text);
    } else if (listed && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((active + step + suggestions.length) % suggestions.length);
    }
  }

  return (
    <Box sx={{ position: 'relative', flexGrow: 1, minWidth: 0 }}>
      <TextField
        fullWidth
        label={ActionsCopy.searchLabel}
        placeholder={ActionsCopy.searchPlaceholder}
        value={text}
        helperText={helperText}
        onChange={(event) => {
          setHighlighted(0);
          onTextChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            autoComplete: 'off',
            maxLength: SEARCH_MAX_LENGTH,
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': open ? listId : undefined,
            'aria-activedescendant': open && suggestions.length > 0 ? optionId(active) : undefined,
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {open ? (
        <Paper
          elevation={6}
          sx={{
            position: 'absolute',
            top: 56,
            left: 0,
            right: 0,
            zIndex: 'modal',
            mt: 0.5,
            maxHeight: 320,
            overflowY: 'auto',
          }}
        >
          {suggestions.length > 0 ? (
            <Box
              component="ul"
              role="listbox"
              id={listId}
              aria-label={ActionsCopy.suggestionsLabel}
              sx={{ listStyle: 'none', m: 0, py: 0.5, px: 0 }}
            >
              {suggestions.map((tag, index) => (
                <ListItemButton
                  component="li"
                  key={tag}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  selected={index === active}
                  // Keep the focus in the box, so the click is not a blur that closes the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(tag)}
                >
                  #{tag}
                </ListItemButton>
              ))}
            </Box>
          ) : (
            <Typography id={listId} role="status" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
              {settled ? ListMessages.noHashtags : ListMessages.loading}
            </Typography>
          )}
        </Paper>
      ) : null}
    </Box>
  );
}
