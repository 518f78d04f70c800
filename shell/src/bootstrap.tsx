import { createShellServices, loadBranding, ShellProviders } from '@meetings/shell-context';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@meetings/shell-context/router';
import { applyBrandingToDocument } from './branding.js';
import { fetchRemotesManifest } from './federation/remotes-manifest.js';
import { setUpRemotes } from './federation/runtime.js';
import { remoteUnavailableModule } from './remote/RemoteUnavailable.js';
import { AppRoutes } from './routing/AppRoutes.js';
import { NavigationBridge, navigateTo } from './routing/NavigationBridge.js';
import { Paths } from './routing/paths.js';

async function start(): Promise<void> {
  const [remotes, branding] = await Promise.all([fetchRemotesManifest(), loadBranding()]);
  setUpRemotes(remotes, remoteUnavailableModule);
  applyBrandingToDocument(branding);

  const services = createShellServices({
    defaultThemeMode: 'system',
    branding,
    onUnauthorized: () => navigateTo(Paths.login),
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
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
}

void start();
