import { brandingResponse, startRemotes } from './federation/early-start.js';
import { insertScriptsInSlices } from './federation/script-slices.js';

// Before anything asks for a chunk: the page's chunk <script> elements go in without one long task.
insertScriptsInSlices(__webpack_require__);

// The page's remote and the branding start loading at once, beside React.
void startRemotes(globalThis.location.pathname);
void brandingResponse().catch(() => undefined);

// Async boundary: shared modules (React, MUI, ...) are negotiated before any of them is imported.
// Named: its files are listed as preload hints in the HTML (libs/federation BootPreloadPlugin).
// Its modules evaluate in two tasks instead of one (0.1 s with the 4x slow-down, after the
// page from the HTML has painted, so it blocks input): first the shell's context with MUI and
// emotion, then the rest. The files download together either way.
void import('@meetings/shell-context')
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .catch(() => undefined)
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
