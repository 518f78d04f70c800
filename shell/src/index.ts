import { brandingResponse, startRemotes } from './federation/early-start.js';

// The page's remote and the branding start loading at once, beside React.
void startRemotes(globalThis.location.pathname);
void brandingResponse().catch(() => undefined);

// Async boundary: shared modules (React, MUI, ...) are negotiated before any of them is imported.
import('./bootstrap');
