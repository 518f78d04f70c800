// Rendered once by the build into landing.html, the page for `/` (libs/federation: prerendered).
// Its own style cache key keeps these styles out of the app's, which replaces the page as it starts.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { DEFAULT_BRANDING } from '@meetings/contracts';
import { LandingPage } from '@meetings/shell-context/landing';
import { createStaticTheme } from '@meetings/shell-context/prerender';
import { MemoryRouter } from '@meetings/shell-context/router';
import { renderToString } from 'react-dom/server';

export default function renderLanding(): string {
  return renderToString(
    <CacheProvider value={createCache({ key: 'static' })}>
      <ThemeProvider theme={createStaticTheme(DEFAULT_BRANDING)}>
        <CssBaseline enableColorScheme />
        <MemoryRouter>
          <LandingPage branding={DEFAULT_BRANDING} />
        </MemoryRouter>
      </ThemeProvider>
    </CacheProvider>,
  );
}
