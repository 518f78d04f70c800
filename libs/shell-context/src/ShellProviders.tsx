import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import useMediaQuery from '@mui/material/useMediaQuery';
// Through the package's own import map, not '@mui/material/styles': that request would be
// consumed as the shared module, which is never tree-shaken (all of MUI's styles index and the
// component classes its enhanceHighContrast names). Here only the exports used are bundled.
import { ThemeProvider, type StorageManager } from '#mui-styles';
import { THEME_STORAGE_KEY, TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@meetings/contracts';
import { SnackbarProvider } from 'notistack';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ShellContext } from './context.js';
import { createAppTheme } from './mui-theme.js';
import { PrintStyles } from './print-styles.js';
import type { ShellServices } from './services.js';
import { PoliteToastContent } from './toast-content.js';

const TOAST_REGION_SELECTOR = '.notistack-SnackbarContainer';

/** notistack's green (#43a047) gives white text 3.3:1; this one meets AA (5.1:1). */
const TOAST_CSS = {
  '.notistack-MuiContent.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
};

/**
 * Asked for less motion, nothing slides, fades or spins: MUI's and notistack's transitions (some
 * inline, hence !important) end at once and animations stop after their first frame.
 */
const REDUCED_MOTION_CSS = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      transitionDuration: '0s !important',
      transitionDelay: '0s !important',
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      scrollBehavior: 'auto !important',
    },
  },
};

const MODES: unknown[] = ['light', 'dark', 'system'];

/**
 * Where MUI keeps the theme's mode: the services' storage under THEME_STORAGE_KEY, a stored value
 * that is not a mode ignored. Its light and dark palettes are never switched, so not stored.
 */
function modeStorage(storage: Storage | undefined): StorageManager {
  return ({ key }) => ({
    get(defaultValue) {
      try {
        const stored = key === THEME_STORAGE_KEY && storage?.getItem(key);
        return MODES.includes(stored) ? stored : defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set(value) {
      try {
        if (key === THEME_STORAGE_KEY) storage?.setItem(key, value);
      } catch {
        // Private browsing may refuse storage; the choice still applies to this page.
      }
    },
    subscribe: () => () => undefined,
  });
}

/** F8 moves focus to the notification region (docs/product.md, Accessibility and keyboard). */
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

const TOAST_COMPONENTS = { success: PoliteToastContent };

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
  // noSsr: the first render already knows, so the theme is not built twice.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(
    () => createAppTheme(services.branding, reducedMotion),
    [services.branding, reducedMotion],
  );
  const storageManager = useMemo(() => modeStorage(services.storage), [services.storage]);
  useToastRegionHotkey();

  return (
    <ShellContext.Provider value={services}>
      <ThemeProvider
        theme={theme}
        defaultMode={services.defaultThemeMode}
        modeStorageKey={THEME_STORAGE_KEY}
        storageManager={storageManager}
        noSsr
      >
        <CssBaseline enableColorScheme />
        <PrintStyles />
        <GlobalStyles styles={TOAST_CSS} />
        <GlobalStyles styles={REDUCED_MOTION_CSS} />
        {children}
        <SnackbarProvider
          maxSnack={TOAST_MAX_VISIBLE}
          autoHideDuration={TOAST_DURATION_MS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          Components={TOAST_COMPONENTS}
        />
      </ThemeProvider>
    </ShellContext.Provider>
  );
}
