import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { splitHashtags } from '@meetings/domain';
import { Link } from '@meetings/shell-context/router';

/** The actions page filtered by one hashtag. */
export const hashtagPath = (tag: string): string =>
  `/app/actions?hashtag=${encodeURIComponent(tag)}`;

/**
 * One hashtag of an action's text as a highlighted chip (`text` with its #, `tag` without),
 * linking to every action that carries it.
 */
export function HashtagChip({ text, tag }: { text: string; tag: string }) {
  return (
    <Chip
      component={Link}
      to={hashtagPath(tag)}
      clickable
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
