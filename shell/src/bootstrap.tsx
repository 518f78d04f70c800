import { createShellServices, loadBranding, ShellProviders } from '@meetings/shell-context';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@meetings/shell-context/router';
import { BRANDING_PATH } from '@meetings/federation/remotes';
import { applyBrandingToDocument, fetchBranding } from './branding.js';
import { startRemotes } from './federation/runtime.js';
import { AppRoutes, preloadAppChrome } from './routing/AppRoutes.js';
import { NavigationBridge, navigateTo } from './routing/NavigationBridge.js';
import { Paths } from './routing/paths.js';

async function start(): Promise<void> {
  const { pathname } = globalThis.location;
  preloadAppChrome(pathname);
  // index.ts registered the remotes before React loaded; the HTML preloaded the branding.
  const [, branding] = await Promise.all([
    startRemotes(pathname),
    loadBranding(BRANDING_PATH, fetchBranding),
  ]);
  applyBrandingToDocument(branding);

  const services = createShellServices({
    defaultThemeMode: 'system',
    branding,
    onUnauthorized: () => navigateTo(Paths.login),
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // In a transition React renders the page in slices that yield to input; the commit is one task.
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
