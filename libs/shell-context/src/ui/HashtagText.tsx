import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { splitHashtags } from '@meetings/domain';

/** One hashtag of an action's text as a highlighted chip (`text` with its #, `tag` without). */
export function HashtagChip({ text, tag }: { text: string; tag: string }) {
  return (
    <Chip
      component="span"
      label={text}
      size="small"
      color="primary"
      variant="outlined"
      data-hashtag={tag}
      sx={{
        mx: 0.25,
        height: 20,
        verticalAlign: 'baseline',
        '& .MuiChip-label': { px: 0.75 },
      }}
    />
  );
}

/**
 * Action text with its hashtags shown as highlighted chips; a #word is a chip only when it is in
 * the action's own hashtags list (docs/product.md, Agenda and actions). The rest of the text goes in plain spans.
 */
export function HashtagText({ text, hashtags }: { text: string; hashtags: readonly string[] }) {
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {splitHashtags(text, hashtags).map((part, index) =>
        part.kind === 'hashtag' ? (
          <HashtagChip key={index} text={part.text} tag={part.tag} />
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Box>
  );
}
