import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import {
  INFINITE_SCROLL_MARGIN_PX,
  INFINITE_SCROLL_THRESHOLD,
  ListMessages,
} from '@meetings/contracts';
import { groupMeetings } from '@meetings/domain/dates';
import { useDeferredStore } from '@meetings/shell-context';
import { memo, useEffect, useRef } from 'react';
import { ListCopy } from '../texts.js';
import type { MeetingPages } from './meeting-pages.js';
import { MeetingRow } from './MeetingRow.js';

/**
 * The grouped meetings of one search, loading more as the end of the list comes into view. An
 * empty result says why and what to do; the end of a list that has rows says there is no more.
 * A memo: the search box above it does not render it again with each key.
 */
export const MeetingResults = memo(function MeetingResults({
  search,
  pages,
  kept = false,
  canCreate,
}: {
  search: string;
  /** The pages of this search (a new search makes new ones). */
  pages: MeetingPages;
  /** The pages were kept from an earlier visit: shown at once, then loaded again. */
  kept?: boolean;
  /** Whether an empty list may point to New Meeting (not on the free tier). */
  canCreate: boolean;
}) {
  const { meetings, loading, hasMore } = useDeferredStore(pages);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    pages.start();
    if (kept) void pages.refresh();
    return () => pages.dispose();
  }, [pages, kept]);

  // A new observer after each rendered load reports at once whether the end is still within
  // reach, and that asks for the next page. One watches while a page loads too, but only for the
  // end leaving view: the rendered copy can lag the store, and a failed page is asked again only
  // after the end has left view and come back. Asking waits for the rows and the next observer.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const inView = entries.some((entry) => entry.isIntersecting);
        if (!loading || !inView) pages.setEndInView(inView, meetings);
      },
      { rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px`, threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [pages, hasMore, loading, meetings]);

  if (!loading && !hasMore && meetings.length === 0)
    return <NoMeetings search={search.trim()} canCreate={canCreate} />;

  return (
    <Box>
      {groupMeetings(meetings).map(({ group, meetings: rows }) => (
        <Box component="section" key={group} aria-label={group} sx={{ mb: 3 }}>
          <Typography
            variant="overline"
            component="h2"
            color="text.secondary"
            sx={{ display: 'block', fontWeight: 700 }}
          >
            {group}
          </Typography>
          <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {rows.map((meeting) => (
              <MeetingRow key={meeting.id} meeting={meeting} />
            ))}
          </List>
        </Box>
      ))}
      {hasMore ? <Box ref={sentinel} data-testid="meetings-sentinel" sx={{ height: 2 }} /> : null}
      <Typography
        role="status"
        color="text.secondary"
        sx={{ textAlign: 'center', py: 2, minHeight: 56 }}
      >
        {loading ? ListMessages.loading : hasMore ? '' : ListMessages.noMoreMeetings}
      </Typography>
    </Box>
  );
});

function NoMeetings({ search, canCreate }: { search: string; canCreate: boolean }) {
  const [title, hint] = search
    ? [ListCopy.noMatches(search), ListCopy.noMatchesHint]
    : [ListCopy.noMeetingsYet, canCreate ? ListCopy.noMeetingsYetHint : ListCopy.noMeetingsShared];
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {hint}
      </Typography>
    </Box>
  );
}
