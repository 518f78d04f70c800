import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { splitHashtags } from '@meetings/domain';

/**
 * Action text with its hashtags shown as highlighted chips; a #word is a chip only when it is in
 * the action's own hashtags list (spec §5).
 */
export function HashtagText({ text, hashtags }: { text: string; hashtags: readonly string[] }) {
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {splitHashtags(text, hashtags).map((part, index) =>
        part.kind === 'hashtag' ? (
          <Chip
            key={index}
            component="span"
            label={part.text}
            size="small"
            color="primary"
            variant="outlined"
            data-hashtag={part.tag}
            sx={{
              mx: 0.25,
              height: 20,
              verticalAlign: 'baseline',
              '& .MuiChip-label': { px: 0.75 },
            }}
          />
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Box>
  );
}
