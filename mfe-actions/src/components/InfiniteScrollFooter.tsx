import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  INFINITE_SCROLL_MARGIN_PX,
  INFINITE_SCROLL_THRESHOLD,
  ListMessages,
} from '@meetings/contracts';
import { useEffect, useEffectEvent, useRef } from 'react';
import { ActionsCopy } from '../texts.js';

export interface InfiniteScrollFooterProps {
  loading: boolean;
  hasMore: boolean;
  /** The last load failed: wait for the user instead of retrying in a loop. */
  failed: boolean;
  /** The Retry button's action. */
  onLoadMore(): void;
  /**
   * What the list on screen shows (e.g. how many pages): a new value starts a new observer, which
   * reports at once whether the end is still within reach.
   */
  shown: unknown;
  /** The end came within the scroll margin of view. */
  onEndInView(): void;
}

/**
 * The end of an infinitely scrolled list: asks for more when it comes within the scroll margin
 * of view, says "Loading..." meanwhile and that the list has ended when nothing more follows.
 */
export function InfiniteScrollFooter({
  loading,
  hasMore,
  failed,
  onLoadMore,
  shown,
  onEndInView,
}: InfiniteScrollFooterProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const endInView = useEffectEvent(onEndInView);
  const armed = hasMore && !loading && !failed;

  // A new observer after each load reports at once if the sentinel is still in reach.
  useEffect(() => {
    const target = sentinel.current;
    if (!armed || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) endInView();
      },
      { rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px`, threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [armed, shown]);

  return (
    <Box sx={{ py: 2, textAlign: 'center' }}>
      <div ref={sentinel} data-testid="load-more-sentinel" style={{ height: 1 }} />
      {/* Always there, so screen readers hear "Loading..." as it comes (a live region added
          with its text in it is often not read). */}
      <Typography role="status" color="text.secondary">
        {loading ? ListMessages.loading : failed || hasMore ? '' : ListMessages.noMoreActions}
      </Typography>
      {failed && !loading ? <Button onClick={onLoadMore}>{ActionsCopy.retry}</Button> : null}
    </Box>
  );
}
