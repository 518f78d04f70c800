// '#mui-styles', not '@mui/material/styles': see ShellProviders.tsx.
import { createTheme, type Theme } from '#mui-styles';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@meetings/contracts';
import type { Branding } from './branding.js';
import type { ResolvedThemeMode } from './theme-store.js';

/** The MUI theme for a branding and a light/dark choice; every app renders under this one. */
export function createAppTheme(branding: Branding, mode: ResolvedThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: branding.primaryColor },
      ...(branding.secondaryColor ? { secondary: { main: branding.secondaryColor } } : {}),
    },
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
  });
}
