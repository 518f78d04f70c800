import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ListMessages, SEARCH_DEBOUNCE_MS, ShellTexts } from '@meetings/contracts';
import { applyHashtagSuggestion } from '@meetings/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePageTitle } from '@meetings/shell-context';
import { Navigate, Route, Routes, useSearchParams } from '@meetings/shell-context/router';
import { ActionList } from './components/ActionList.js';
import { FilterChips } from './components/FilterChips.js';
import { ACTIONS_PATH } from './paths.js';
import { SearchBox } from './components/SearchBox.js';
import { toSearchQuery, type SearchQuery } from './search-query.js';
import { ActionsCopy } from './texts.js';
import { readUrlFilters, searchBoxText, writeUrlFilters } from './url-filters.js';

/**
 * /app/actions: every action the user can see, searched and filtered, by meeting. The search, the
 * hashtag, "Show completed" and the filters on who owes an action and by when live in the
 * address, so Back, a bookmark or a hashtag's link finds the same list.
 */
function ActionsPage() {
  usePageTitle(ShellTexts.navActions);
  const [params, setParams] = useSearchParams();
  // The settled search and the filters live in the address; the box holds what is being typed.
  // One object per address, so the list (a memo) does not render again as the box is typed in.
  const settled = useMemo(() => readUrlFilters(params), [params]);
  const { assignee, due, sort } = settled;
  const [text, setText] = useState(() => searchBoxText(settled));
  const [pickedTag, setPickedTag] = useState(settled.hashtag);

  // A search arriving from outside (Back, a hashtag's link) replaces what the box holds; the box's
  // own search does not, even when the address shows it only after more has been typed.
  const settledKey = queryKey(settled);
  const [shownKey, setShownKey] = useState(settledKey);
  const [ownKey, setOwnKey] = useState<string | null>(null);
  if (shownKey !== settledKey) {
    setShownKey(settledKey);
    if (settledKey !== ownKey && queryKey(toSearchQuery(text, pickedTag)) !== settledKey) {
      setText(searchBoxText(settled));
      setPickedTag(settled.hashtag);
    }
  }

  const settle = useCallback(
    (next: SearchQuery) => {
      setOwnKey(queryKey(next));
      setParams((prev) => writeUrlFilters(prev, next), { replace: true });
    },
    [setParams],
  );

  // Typing searches once it pauses for the debounce; picking a hashtag or Enter searches at once.
  useEffect(() => {
    const typed = toSearchQuery(text, pickedTag);
    if (queryKey(typed) === settledKey) return;
    const timer = setTimeout(() => settle(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, pickedTag, settle, settledKey]);

  function pick(tag: string) {
    const next = `${applyHashtagSuggestion(text, tag)} `;
    setText(next);
    setPickedTag(tag);
    settle(toSearchQuery(next, tag));
  }

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {ShellTexts.navActions}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, mb: 2 }}
      >
        <SearchBox
          text={text}
          onTextChange={setText}
          onPick={pick}
          onSubmit={() => settle(toSearchQuery(text, pickedTag))}
          helperText={settled.hashtag ? ActionsCopy.filteredBy(settled.hashtag) : undefined}
        />
        <FormControlLabel
          sx={{ flexShrink: 0, height: { sm: 56 } }}
          control={
            <Switch
              checked={settled.showCompleted}
              onChange={(event) =>
                setParams(
                  (prev) => writeUrlFilters(prev, { showCompleted: event.target.checked }),
                  {
                    replace: true,
                  },
                )
              }
            />
          }
          label={ListMessages.showCompleted}
        />
      </Stack>
      <FilterChips
        filters={{ assignee, due, sort }}
        onChange={(next) => setParams(writeUrlFilters(params, next), { replace: true })}
      />
      <ActionList key={JSON.stringify(settled)} filters={settled} />
    </Box>
  );
}

const queryKey = ({ search, hashtag }: SearchQuery) => `${search}\n${hashtag ?? ''}`;

/** Exposed as ./App; the shell mounts it at /app/actions/*, so routes here are relative. */
function App() {
  return (
    <Routes>
      <Route index element={<ActionsPage />} />
      <Route path="*" element={<Navigate to={ACTIONS_PATH} replace />} />
    </Routes>
  );
}

export default App;
