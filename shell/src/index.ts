import { brandingResponse, startRemotes } from './federation/early-start.js';
import { insertScriptsInSlices } from './federation/script-slices.js';

// Before anything asks for a chunk: the page's chunk <script> elements go in without one long task.
insertScriptsInSlices(__webpack_require__);

// The page's remote and the branding start loading at once, beside React.
void startRemotes(globalThis.location.pathname);
void brandingResponse().catch(() => undefined);

// Async boundary: shared modules (React, MUI, ...) are negotiated before any of them is imported.
// Named: its files are listed as preload hints in the HTML (libs/federation BootPreloadPlugin).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
