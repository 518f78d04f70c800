import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { OwedCopy } from '../texts.js';
import { useHashtagSource } from './hashtag-source.js';
import { mentionAt, mentionMatches, withoutMention } from './mentions.js';
import { useSuggestionList, type SuggestionSource } from './suggestions.js';

/**
 * The add box. With `people`, typing `@` suggests them; the pick becomes the new item's
 * assignee, shown as a chip, and its `@word` leaves the text. With `hashtags`, typing `#`
 * suggests the hashtags already in use. Arrows move, Enter, Tab or a click picks, Escape closes.
 */
export function MentionField({
  value,
  onChange,
  people,
  hashtags = false,
  assignee,
  onAssignee,
  placeholder,
  autoFocus = false,
}: {
  value: string;
  onChange: (text: string) => void;
  people?: readonly string[];
  hashtags?: boolean;
  assignee: string | null;
  onAssignee: (email: string | null) => void;
  placeholder: string;
  autoFocus?: boolean;
}) {
  const mention = people ? mentionAt(value) : null;
  const mentionSource: SuggestionSource | null =
    mention && people
      ? {
          options: mentionMatches(people, mention.query),
          label: OwedCopy.people,
          pick: (email) => {
            onChange(withoutMention(value, mention));
            onAssignee(email);
          },
        }
      : null;
  const hashtagSource = useHashtagSource(value, hashtags, onChange);
  const suggestions = useSuggestionList(value, [mentionSource, hashtagSource]);

  return (
    <Box sx={{ position: 'relative', flexGrow: 1 }}>
      <TextField
        size="small"
        fullWidth
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={suggestions.onKeyDown}
        placeholder={placeholder}
        autoFocus={autoFocus}
        slotProps={{
          htmlInput: {
            'aria-label': placeholder,
            ...(people || hashtags ? suggestions.inputProps : {}),
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
      {suggestions.list}
    </Box>
  );
}
