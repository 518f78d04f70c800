import { startEarlyRequests } from '@meetings/shell-context/early';
import { fetchBranding } from './branding.js';
import { startRemotes } from './federation/runtime.js';
import { brandPrerenderedPage, prerenderedPage } from './prerendered.js';

// The page's remote starts loading beside React rather than after bootstrap has run, and the
// route guard's checks and the page's first data are asked for meanwhile.
void startRemotes(globalThis.location.pathname);
startEarlyRequests(globalThis.location.pathname);

// A page the build rendered shows the default brand until the host's is known.
const prerendered = prerenderedPage();
if (prerendered) {
  void fetchBranding()
    .then((response) => (response.ok ? response.json() : undefined))
    .then((branding: unknown) => brandPrerenderedPage(prerendered, branding))
    .catch(() => undefined);
}

// Async boundary: shared modules (React, MUI, ...) are negotiated before any of them is imported.
void import('./bootstrap');
