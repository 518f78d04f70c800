import Badge from '@mui/material/Badge';
import type { CountActionsResponse } from '@meetings/contracts';
import { useApi } from '@meetings/shell-context';
import { useLocation } from '@meetings/shell-context/router';
import { useEffect, useState, type ReactNode } from 'react';

export const OverdueTexts = {
  described: (count: number) => `${count > 99 ? '99+' : count} overdue actions assigned to you`,
} as const;

const OVERDUE_MINE = { assignee: 'me', due: 'overdue' } as const;

/**
 * How many open actions assigned to the user are overdue; asked again on each change of page, so
 * it follows what the user has just done. Null until known, and when the call fails.
 */
export function useOverdueCount(): number | null {
  const api = useApi();
  const { pathname, search } = useLocation();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<CountActionsResponse>('/actions/count', {
        query: OVERDUE_MINE,
        signal: controller.signal,
      })
      .then(
        (answer) => setCount(answer.count),
        () => undefined,
      );
    return () => controller.abort();
  }, [api, pathname, search]);
  return count;
}

/**
 * The count over the Actions link's icon, in the error colour; nothing when none is overdue. The
 * link keeps its name ("Actions"); the count is said by its description (OverdueDescription).
 */
export function OverdueBadge({ count, children }: { count: number | null; children: ReactNode }) {
  if (!count) return <>{children}</>;
  return (
    <Badge
      badgeContent={count}
      max={99}
      color="error"
      slotProps={{ badge: { 'aria-hidden': true, 'data-overdue-count': count } as object }}
    >
      {children}
    </Badge>
  );
}

/** The text a link with a count is described by (`aria-describedby`); not shown. */
export function OverdueDescription({ id, count }: { id: string; count: number | null }) {
  if (!count) return null;
  return (
    <span id={id} hidden>
      {OverdueTexts.described(count)}
    </span>
  );
}
