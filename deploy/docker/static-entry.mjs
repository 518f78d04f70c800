import { fileURLToPath } from 'node:url';

// Entry of the front-end images: the gateway's static server (same cache headers, CSP and page
// fallback as everywhere else) serving the one front end baked into /app/static. The shell is
// served at /, a remote at /remotes/<name>/. The Ingress sends /api and the environment's
// /remotes.json and /branding.json to the gateway Deployment, never here.
const app = process.env.FRONTEND_APP;
const dir = process.env.STATIC_DIR ?? fileURLToPath(new URL('./static', import.meta.url));
if (!app) {
  console.error('static-entry: FRONTEND_APP is not set (shell, mfe-onboarding, ...)');
  process.exit(1);
}
if (app === 'shell') process.env.SHELL_DIR ??= dir;
else process.env.REMOTE_DIRS ??= `${app}=${dir}`;
await import('./gateway/dist/main.js');
