import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MeetingTexts, SEARCH_DEBOUNCE_MS } from '@meetings/contracts';
import { useSubscription } from '@meetings/shell-context';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDebouncedValue } from '../hooks/useDebouncedValue.js';
import { ListCopy } from '../texts.js';
import { MeetingResults } from './MeetingResults.js';

// The dialog (and the text field and dialog machinery it needs) loads when it is opened, so the
// list stays light.
const NewMeetingDialog = lazy(() => import('./NewMeetingDialog.js'));

/** The meetings list: search, New Meeting (not on the free tier), grouped rows, endless list. */
export function MeetingsList() {
  const { current, get } = useSubscription();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const mayCreate = Boolean(current && current.status !== 'free');

  useEffect(() => {
    get().catch(() => undefined);
  }, [get]);

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
      {/* A new search starts a new list from page 1. */}
      <MeetingResults
        key={settledSearch.trim()}
        search={settledSearch}
        onNewMeeting={mayCreate ? () => setCreating(true) : undefined}
      />
      {creating ? (
        <Suspense fallback={null}>
          <NewMeetingDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
