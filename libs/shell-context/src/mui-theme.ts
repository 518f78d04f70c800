// '#mui-styles', not '@mui/material/styles': see ShellProviders.tsx.
import { createTheme, type Theme, type ThemeOptions } from '#mui-styles';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@meetings/contracts';
import type { Branding } from './branding.js';
import type { ResolvedThemeMode } from './theme-store.js';

function brandPalette(branding: Branding) {
  return {
    primary: { main: branding.primaryColor },
    ...(branding.secondaryColor ? { secondary: { main: branding.secondaryColor } } : {}),
  };
}

const SHARED_OPTIONS: ThemeOptions = {
  shape: { borderRadius: 8 },
  components: {
    // Once one tooltip was shown, the next opens sooner.
    MuiTooltip: {
      defaultProps: { enterDelay: TOOLTIP_DELAY_MS, enterNextDelay: TOOLTIP_SKIP_DELAY_MS },
    },
    // Labels keep the case they are written in ("Get Started", not "GET STARTED").
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
  },
};

/** The MUI theme for a branding and a light/dark choice; every app renders under this one. */
export function createAppTheme(branding: Branding, mode: ResolvedThemeMode): Theme {
  return createTheme({ ...SHARED_OPTIONS, palette: { mode, ...brandPalette(branding) } });
}

/**
 * The same theme for HTML rendered at build time: colours are CSS variables (so the shell can set
 * a tenant's colours on the page without rendering it again) and follow the system's light or
 * dark preference, the app's default.
 */
export function createStaticTheme(branding: Branding): Theme {
  return createTheme({
    ...SHARED_OPTIONS,
    cssVariables: { colorSchemeSelector: 'media' },
    colorSchemes: {
      light: { palette: brandPalette(branding) },
      dark: { palette: brandPalette(branding) },
    },
  });
}
