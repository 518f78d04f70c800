import { PageSpinner } from '@meetings/shell-context';
import { lazy, Suspense } from 'react';
import { useParams } from '@meetings/shell-context/router';
import { MEETINGS_PATH } from '../paths.js';
import { useMeetingLoad } from './useMeetingLoad.js';

/** The meeting page's own chunk (its panels, drag and drop); the editor is a chunk of its own. */
const loadMeetingPage = () => import('./MeetingPage.js');
const MeetingPage = lazy(loadMeetingPage);

const MEETING_PAGE = new RegExp(`^${MEETINGS_PATH}/[^/]+(/readonly)?/?$`);

/** Whether the path is a meeting page (either variant) of this remote's routes. */
export function isMeetingPagePath(pathname: string): boolean {
  return MEETING_PAGE.test(pathname);
}

/**
 * Called when this remote's App module runs: on a meeting URL the page's code then downloads
 * beside the sign-in checks instead of after the route has rendered.
 */
export function preloadMeetingPage(pathname: string): void {
  if (isMeetingPagePath(pathname)) void loadMeetingPage();
}

/**
 * /app/meetings/:id and /app/meetings/:id/readonly. The meeting is asked for here, in the App
 * chunk, while the page's code may still be on its way: both travel at once. Another id is
 * another visit (fresh state).
 */
export function MeetingRoute({ readOnly = false }: { readOnly?: boolean }) {
  const { id = '' } = useParams();
  return <MeetingVisit key={id} id={id} readOnly={readOnly} />;
}

function MeetingVisit({ id, readOnly }: { id: string; readOnly: boolean }) {
  const load = useMeetingLoad(id);
  return (
    <Suspense fallback={<PageSpinner />}>
      <MeetingPage load={load} readOnly={readOnly} />
    </Suspense>
  );
}
