import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@meetings/contracts';
import { SnackbarProvider } from 'notistack';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ShellContext } from './context.js';
import { createAppTheme } from './mui-theme.js';
import type { ShellServices } from './services.js';

const TOAST_REGION_SELECTOR = '.notistack-SnackbarContainer';

/** Spec §9: F8 moves focus to the notification region. */
function useToastRegionHotkey(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'F8') return;
      const region = document.querySelector<HTMLElement>(TOAST_REGION_SELECTOR);
      if (!region) return;
      region.tabIndex = -1;
      region.setAttribute('aria-label', 'Notifications (F8)');
      region.focus();
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/**
 * Theme, baseline styles, the toast queue and the shell services. The shell renders it once;
 * a remote renders it only when it runs standalone, so there is one implementation.
 */
export function ShellProviders({
  services,
  children,
}: {
  services: ShellServices;
  children: ReactNode;
}) {
  const { resolved } = useSyncExternalStore(services.theme.subscribe, services.theme.getSnapshot);
  const theme = useMemo(
    () => createAppTheme(services.branding, resolved),
    [services.branding, resolved],
  );
  useToastRegionHotkey();

  return (
    <ShellContext.Provider value={services}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <SnackbarProvider
          maxSnack={TOAST_MAX_VISIBLE}
          autoHideDuration={TOAST_DURATION_MS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </ShellContext.Provider>
  );
}
