import { startEarlyRequests } from '@meetings/shell-context/early';
import { startRemotes } from './federation/runtime.js';

// The page's remote starts loading beside React rather than after bootstrap has run, and the
// route guard's checks and the page's first data are asked for meanwhile.
void startRemotes(globalThis.location.pathname);
startEarlyRequests(globalThis.location.pathname);

// Async boundary: shared modules (React, MUI, ...) are negotiated before any of them is imported.
void import('./bootstrap');
