import { startRemotes } from './federation/runtime.js';

// The page's remote starts downloading beside React rather than after the first render.
void startRemotes(globalThis.location.pathname);

// Async boundary: shared modules (React, MUI, ...) are negotiated before any of them is imported.
void import('./bootstrap');
