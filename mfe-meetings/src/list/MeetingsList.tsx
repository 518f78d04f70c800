import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MeetingTexts, SEARCH_DEBOUNCE_MS } from '@meetings/contracts';
import { useAuth, usePageTitle, useSubscription } from '@meetings/shell-context';
import { useLocation } from '@meetings/shell-context/router';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMeetingsApi, type MeetingsApi } from '../api.js';
import { useDebouncedValue } from '../hooks/useDebouncedValue.js';
import { ListCopy } from '../texts.js';
import { keepListPlace, recallListPlace } from './list-place.js';
import { createMeetingPages, type MeetingPages } from './meeting-pages.js';
import { MeetingResults } from './MeetingResults.js';

// The dialog (and the text field and dialog machinery it needs) loads when it is opened, so the
// list stays light.
const NewMeetingDialog = lazy(() => import('./NewMeetingDialog.js'));

interface ShownList {
  term: string;
  pages: MeetingPages;
  /** Kept from an earlier visit. */
  kept: boolean;
}

function newList(api: MeetingsApi, term: string): ShownList {
  const pages = createMeetingPages((page, signal) =>
    api.list({ page, title: term }, signal).then((response) => response.meetings),
  );
  return { term, pages, kept: false };
}

/** The meetings list: search, New Meeting (not on the free tier), grouped rows, endless list. */
export function MeetingsList() {
  const { current, get } = useSubscription();
  const api = useMeetingsApi();
  usePageTitle(ListCopy.heading);
  const placeKey = `${useAuth().state.user?.id ?? ''} ${useLocation().key}`;
  // Back to this history entry: the search, the pages and the scroll position as they were left.
  const [kept] = useState(() => recallListPlace(placeKey));
  const [search, setSearch] = useState(kept?.search ?? '');
  const term = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const [list, setList] = useState<ShownList>(() =>
    kept ? { term: kept.term, pages: kept.pages, kept: true } : newList(api, term),
  );
  // A new search starts a new list from page 1.
  if (list.term !== term) setList(newList(api, term));
  const [creating, setCreating] = useState(false);
  const mayCreate = Boolean(current && current.status !== 'free');

  useEffect(() => {
    get().catch(() => undefined);
  }, [get]);

  const leaving = useRef({ search, list });
  useLayoutEffect(() => {
    leaving.current = { search, list };
  });
  // After the kept rows are on the page (children commit first), before the browser paints.
  useLayoutEffect(() => {
    if (kept) window.scrollTo(0, kept.scrollY);
  }, [kept]);
  // Measured before the list leaves the page (and the page's height with it).
  useLayoutEffect(
    () => () => {
      const { search: text, list: left } = leaving.current;
      keepListPlace(placeKey, {
        search: text,
        term: left.term,
        pages: left.pages,
        scrollY: window.scrollY,
      });
    },
    [placeKey],
  );

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {ListCopy.heading}
        </Typography>
        {mayCreate ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {MeetingTexts.newMeeting}
          </Button>
        ) : null}
      </Box>
      <Paper
        variant="outlined"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 0.75,
          mb: 3,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: 1 },
        }}
      >
        <SearchIcon color="action" />
        <InputBase
          autoFocus
          fullWidth
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={ListCopy.searchPlaceholder}
          inputProps={{ 'aria-label': ListCopy.searchLabel }}
        />
      </Paper>
      <MeetingResults
        key={list.term}
        search={list.term}
        pages={list.pages}
        kept={list.kept}
        canCreate={mayCreate}
      />
      {creating ? (
        <Suspense fallback={null}>
          <NewMeetingDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
