import { PageSpinner } from '@meetings/shell-context';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from '@meetings/shell-context/router';
import { Landing } from './screens/Landing.js';

// The landing page loads first and alone; the sign-in screens load when visited.
const Login = lazy(() => import('./screens/Login.js').then((m) => ({ default: m.Login })));
const Verify = lazy(() => import('./screens/Verify.js').then((m) => ({ default: m.Verify })));
const Privacy = lazy(() => import('./screens/Privacy.js').then((m) => ({ default: m.Privacy })));
const TrialNotice = lazy(() =>
  import('./screens/TrialNotice.js').then((m) => ({ default: m.TrialNotice })),
);
const SubscriptionChoice = lazy(() =>
  import('./screens/SubscriptionChoice.js').then((m) => ({ default: m.SubscriptionChoice })),
);

/** Exposed as ./App; the shell mounts it at /* and guards /privacy, /trial-notice, /subscription-choice. */
function App() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route index element={<Landing />} />
        <Route path="login" element={<Login />} />
        <Route path="verify" element={<Verify />} />
        <Route path="privacy" element={<Privacy />} />
        <Route path="trial-notice" element={<TrialNotice />} />
        <Route path="subscription-choice" element={<SubscriptionChoice />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}

export default App;
