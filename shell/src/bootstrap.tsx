import { APP_ROOT_ID } from '@meetings/contracts';
import { createShellServices, loadBranding, ShellProviders } from '@meetings/shell-context';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@meetings/shell-context/router';
import { BRANDING_PATH } from '@meetings/federation/remotes';
import { applyBrandingToDocument } from './branding.js';
import { brandingResponse, startRemotes } from './federation/early-start.js';
import { setRemoteFallback } from './federation/runtime.js';
import { remoteUnavailableModule } from './remote/RemoteUnavailable.js';
import { AppRoutes, preloadAppChrome } from './routing/AppRoutes.js';
import { NavigationBridge, navigateTo } from './routing/NavigationBridge.js';
import { Paths } from './routing/paths.js';

async function start(): Promise<void> {
  setRemoteFallback(remoteUnavailableModule);
  preloadAppChrome(globalThis.location.pathname);
  // index.ts began both before React loaded; the same requests are awaited here.
  const [, branding] = await Promise.all([
    startRemotes(globalThis.location.pathname),
    loadBranding(BRANDING_PATH, () => brandingResponse()),
  ]);
  applyBrandingToDocument(branding);

  const services = createShellServices({
    defaultThemeMode: 'system',
    branding,
    onUnauthorized: () => navigateTo(Paths.login),
  });

  const root = document.getElementById(APP_ROOT_ID);
  if (!root) throw new Error('#root is missing from index.html');
  // In a transition React renders the page in slices that yield to input (the landing page is
  // already on screen from the HTML, so there is nothing to hurry); the commit stays one task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <ShellProviders services={services}>
          <BrowserRouter>
            <NavigationBridge />
            <AppRoutes />
          </BrowserRouter>
        </ShellProviders>
      </StrictMode>,
    );
  });
}

void start();
