import { PageSpinner } from '@meetings/shell-context';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from '@meetings/shell-context/router';
import { MeetingsList } from './list/MeetingsList.js';
import { MeetingRoute, preloadMeetingPage } from './meeting/MeetingRoute.js';
import { MEETINGS_PATH } from './paths.js';

// The list loads first and light; the meeting page (drag and drop, its panels) when visited, or
// from here when the page being opened is one.
preloadMeetingPage(globalThis.location?.pathname ?? '');

/** Exposed as ./App; the shell mounts it at /app/meetings/*, so routes here are relative. */
function App() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route index element={<MeetingsList />} />
        <Route path=":id" element={<MeetingRoute />} />
        <Route path=":id/readonly" element={<MeetingRoute readOnly />} />
        <Route path="*" element={<Navigate to={MEETINGS_PATH} replace />} />
      </Routes>
    </Suspense>
  );
}

export default App;
