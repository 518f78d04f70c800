import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { meetingLabel } from '@meetings/domain/dates';
import { useApi, useDeferredStore, useToast } from '@meetings/shell-context';
import { ActionRow } from '@meetings/shell-context/ui';
import { memo, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from '@meetings/shell-context/router';
import {
  createActionList,
  type ActionFilters,
  type ActionList as ActionListStore,
  type MeetingActions,
} from '../action-list.js';
import { InfiniteScrollFooter } from './InfiniteScrollFooter.js';

/** The meeting page; the shell mounts mfe-meetings there. */
const meetingPath = (id: string) => `/app/meetings/${encodeURIComponent(id)}`;

/**
 * Meetings with their actions underneath, for one set of filters. The page gives it a key per
 * filter set, so new filters start a new list at page 1; typing in the search box does not
 * render it again.
 */
export const ActionList = memo(function ActionList({ filters }: { filters: ActionFilters }) {
  const api = useApi();
  const toast = useToast();
  const [list] = useState(() => createActionList(api, toast, filters));
  // The store itself refuses a second toggle of an action still saving, whatever is on screen yet.
  const state = useDeferredStore(list);

  useEffect(() => {
    void list.loadMore();
    return () => list.cancel();
  }, [list]);

  return (
    <Stack spacing={2}>
      {state.meetings.map((meeting) => (
        <MeetingSection key={meeting.id} meeting={meeting} list={list} pending={state.pending} />
      ))}
      <InfiniteScrollFooter
        loading={state.loading}
        hasMore={state.hasMore}
        failed={state.failed}
        onLoadMore={() => void list.loadMore()}
        shown={state.pagesLoaded}
        // Measured before the loaded pages showed, the end's place says nothing yet; the screen
        // that shows them measures again.
        onEndInView={() => {
          if (state.pagesLoaded === list.getSnapshot().pagesLoaded) void list.loadMore();
        }}
      />
    </Stack>
  );
});

/** One meeting's actions under its name, which links to it. */
function MeetingSection({
  meeting,
  list,
  pending,
}: {
  meeting: MeetingActions;
  list: ActionListStore;
  pending: ReadonlySet<string>;
}) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        <Link component={RouterLink} to={meetingPath(meeting.id)} underline="hover">
          {meetingLabel(meeting.title, meeting.date)}
        </Link>
      </Typography>
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {meeting.actions.map((action) => (
          <li key={action.id}>
            <ActionRow
              action={action}
              disabled={pending.has(action.id)}
              onToggle={(completed) => void list.setCompleted(meeting.id, action.id, completed)}
            />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
