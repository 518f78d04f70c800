import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from '@meetings/shell-context/router';
import { loadBranding } from './branding.js';
import { createShellServices } from './services.js';
import { ShellProviders } from './ShellProviders.js';

export interface StandaloneOptions {
  /** The remote's exposed ./App. */
  App: ComponentType;
  /** Where the shell mounts it, e.g. '/app/meetings/*', so links work the same standalone. */
  mountPath: string;
  rootElementId?: string;
}

/** Runs a remote on its own dev server, wrapped in the same providers the shell uses. */
export async function mountStandalone({
  App,
  mountPath,
  rootElementId = 'root',
}: StandaloneOptions): Promise<void> {
  const root = document.getElementById(rootElementId);
  if (!root) throw new Error(`#${rootElementId} is missing from the page`);
  const home = mountPath.replace(/\/\*$/, '') || '/';
  const services = createShellServices({
    // A front end run on its own starts on light (docs/product.md, Theme).
    defaultThemeMode: 'light',
    branding: await loadBranding(),
    onUnauthorized: () =>
      console.warn('Not signed in: sign in through the gateway (http://localhost:8080/login).'),
  });
  createRoot(root).render(
    <StrictMode>
      <ShellProviders services={services}>
        <BrowserRouter>
          <Routes>
            <Route path={mountPath} element={<App />} />
            <Route path="*" element={<Navigate to={home} replace />} />
          </Routes>
        </BrowserRouter>
      </ShellProviders>
    </StrictMode>,
  );
}
