import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

/** What a text box suggests for the word being typed at its end (`@person`, `#hashtag`). */
export interface SuggestionSource {
  options: readonly string[];
  /** The list's accessible name. */
  label: string;
  /** How an option reads in the list. */
  show?: (option: string) => string;
  pick: (option: string) => void;
}

export interface SuggestionList {
  /** Handles the key when the list is open (arrows move, Enter or Tab picks, Escape closes). */
  onKeyDown: (event: KeyboardEvent) => boolean;
  /** The box's attributes naming the list (it stays a textbox: the list is optional help). */
  inputProps: Record<string, string | boolean | undefined>;
  /** The list, to render under the box (in a positioned parent). */
  list: ReactNode;
}

/**
 * The one suggestion mechanism of the meeting's text boxes: the first source with options opens
 * a list under the box (render it in a positioned parent); it stays closed after Escape
 * until the text changes.
 */
export function useSuggestionList(
  text: string,
  sources: readonly (SuggestionSource | null)[],
): SuggestionList {
  const listId = useId();
  // The highlight goes back to the first option whenever the text changes.
  const [highlight, setHighlight] = useState({ text, index: 0 });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const source = sources.find((entry) => entry && entry.options.length > 0) ?? null;
  const options = source?.options ?? [];
  const open = source !== null && dismissed !== text;
  const active = Math.min(highlight.text === text ? highlight.index : 0, options.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  function pick(option: string) {
    source?.pick(option);
  }

  function onKeyDown(event: KeyboardEvent): boolean {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight({ text, index: (active + step + options.length) % options.length });
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      event.preventDefault();
      pick(options[active]!);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(text);
      return true;
    }
    return false;
  }

  return {
    onKeyDown,
    inputProps: {
      'aria-autocomplete': 'list',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(active) : undefined,
    },
    list:
      open && source ? (
        <Paper
          elevation={4}
          sx={{ position: 'absolute', zIndex: 'modal', left: 0, right: 0, mt: 0.5 }}
        >
          <List id={listId} role="listbox" aria-label={source.label} dense>
            {options.map((option, index) => (
              <ListItemButton
                key={option}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                // Keeps the focus in the box, so typing goes on after a click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
              >
                {source.show ? source.show(option) : option}
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null,
  };
}
